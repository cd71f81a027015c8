/**
 * The part of the `smpp` package (0.5, no types of its own) the SMS channel and its tests use.
 * A CommonJS module whose constants are assigned in loops: read it through its default export.
 */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer, Socket } from 'node:net';

  export interface Pdu {
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
  }

  type Callback = (pdu: Pdu) => void;

  export interface Session extends EventEmitter {
    socket: Socket;
    send(pdu: Pdu, responseCallback?: Callback, sendCallback?: Callback): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: Record<string, unknown>, callback?: Callback): boolean;
    submit_sm(options: Record<string, unknown>, callback?: Callback): boolean;
    deliver_sm(options: Record<string, unknown>, callback?: Callback): boolean;
    enquire_link(options?: Record<string, unknown>, callback?: Callback): boolean;
    unbind(options?: Record<string, unknown>, callback?: Callback): boolean;
  }

  export interface Server extends NetServer {
    sessions: Session[];
  }

  interface Smpp {
    connect(options: Record<string, unknown>, listener?: () => void): Session;
    createServer(listener: (session: Session) => void): Server;
    createServer(options: Record<string, unknown>, listener: (session: Session) => void): Server;
    ESME_ROK: number;
    ESME_RTHROTTLED: number;
    ESME_RMSGQFUL: number;
    ESME_RINVDSTADR: number;
    ESME_RBINDFAIL: number;
    ESME_RX_T_APPN: number;
    ESME_RX_P_APPN: number;
    ESM_CLASS: Record<string, number>;
    MESSAGE_STATE: Record<string, number>;
    TON: Record<string, number>;
    NPI: Record<string, number>;
  }

  const smpp: Smpp;
  export default smpp;
}
