// Process lifecycle shared by the server script (scripts/serve.mjs) and the app bundle (which carries its own copy
// of this module, hence globalThis): once SIGTERM arrives the process is draining and /api/health answers 503, so a
// load balancer stops sending it new requests while the ones in flight finish.
const DRAINING = Symbol.for('tiendas.draining');
type Holder = { [DRAINING]?: boolean };

export function setDraining(on = true) { (globalThis as Holder)[DRAINING] = on; }
export function isDraining(): boolean { return (globalThis as Holder)[DRAINING] === true; }
