import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  /** Header names lowercased; a repeated header keeps its last value. */
  headers: Record<string, string>;
  /** Every header line as sent, to check what a response does not carry. */
  headerNames: string[];
  body: string;
}

/**
 * Sends bytes exactly as given over a fresh TCP connection and reads the one response until the server closes the
 * connection or `idleMs` passes without more data. `inject` cannot do this: it never runs Node's HTTP parser.
 */
export function rawExchange(port: number, bytes: string | Buffer, idleMs = 1_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      try {
        resolve(parseResponse(Buffer.concat(chunks).toString('utf8')));
      } catch (err) {
        reject(err as Error);
      }
    };
    const idle = () => {
      clearTimeout(timer);
      timer = setTimeout(finish, idleMs);
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      idle();
    });
    socket.on('close', finish);
    // The server may close while the request is still being written (it refused the first bytes): keep what came.
    socket.on('error', finish);
    socket.write(bytes);
    idle();
  });
}

function parseResponse(text: string): RawResponse {
  const split = text.indexOf('\r\n\r\n');
  if (split < 0) throw new Error(`no complete response head in ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
  const match = /^HTTP\/1\.1 (\d{3}) /.exec(statusLine);
  if (!match) throw new Error(`not an HTTP/1.1 status line: ${statusLine}`);
  const headers: Record<string, string> = {};
  const headerNames: string[] = [];
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] = line.slice(colon + 1).trim();
    headerNames.push(name);
  }
  return { status: Number(match[1]), headers, headerNames, body: text.slice(split + 4) };
}
