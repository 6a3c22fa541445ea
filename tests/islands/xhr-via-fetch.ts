// Uploads go through XMLHttpRequest (islands/shared/send-form.ts: fetch reports no upload progress). Tests that fake
// the server with a stubbed `fetch` stub XMLHttpRequest with this too, so an upload reaches the same fake: open,
// send and the load/error events send-form.ts listens to, with one upload progress event of the whole body.
export class XhrViaFetch extends EventTarget {
  status = 0;
  responseText = '';
  readonly upload = new EventTarget();
  private method = 'GET';
  private url = '';
  private aborted = false;

  open(method: string, url: string): void { this.method = method; this.url = url; }

  abort(): void { this.aborted = true; this.dispatchEvent(new Event('abort')); }

  send(body?: Document | XMLHttpRequestBodyInit | null): void {
    void (async () => {
      try {
        const res = await fetch(this.url, { method: this.method, body: body as BodyInit | null | undefined });
        if (this.aborted) return;
        this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded: 1, total: 1 }));
        this.status = res.status;
        this.responseText = await res.text();
        this.dispatchEvent(new Event('load'));
      } catch {
        if (!this.aborted) this.dispatchEvent(new Event('error'));
      }
    })();
  }
}
