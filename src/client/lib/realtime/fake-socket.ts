/**
 * For tests: a stand-in for the browser's WebSocket (stub it with `vi.stubGlobal('WebSocket', FakeSocket)`).
 * It records what is sent and lets the test play the server.
 */
export class FakeSocket {
  static all: FakeSocket[] = [];
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {}
  open() {
    this.onopen?.();
  }
  message(data: object) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}
