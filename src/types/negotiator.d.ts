// negotiator 1.x (DefinitelyTyped still describes 0.6, which lacks the `preferred` option).
declare module 'negotiator' {
  export default class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    /** The best of `available` for the request's Accept-Encoding; ties go to the order of `preferred`. */
    encoding(available?: string[], options?: { preferred?: string[] }): string | undefined;
  }
}
