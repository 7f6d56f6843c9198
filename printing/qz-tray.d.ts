/**
 * The slice of qz-tray 2.x's API that printing/qz.ts uses (the package ships no types).
 * Shapes follow node_modules/qz-tray/qz-tray.js.
 */
declare module 'qz-tray' {
  type Resolver<T> = (resolve: (value: T) => void, reject: (reason?: unknown) => void) => void;

  export interface QzConnectOptions {
    host?: string | string[];
    port?: { secure?: number[]; insecure?: number[] };
    usingSecure?: boolean;
    keepAlive?: number;
    retries?: number;
    delay?: number;
  }

  export interface QzConfig {
    setPrinter(printer: string | { name: string }): void;
    getPrinter(): { name: string };
    reconfigure(options: Record<string, unknown>): void;
  }

  export interface QzPrintData {
    type: 'raw' | 'pixel';
    format: 'command' | 'pdf' | 'image' | 'html';
    flavor: 'plain' | 'base64' | 'file' | 'hex';
    data: string;
    options?: Record<string, unknown>;
  }

  interface Qz {
    websocket: {
      connect(options?: QzConnectOptions): Promise<void>;
      disconnect(): Promise<void>;
      isActive(): boolean;
    };
    printers: {
      find(query?: string): Promise<string | string[]>;
      getDefault(): Promise<string>;
    };
    configs: {
      create(printer: string | { name: string }, options?: Record<string, unknown>): QzConfig;
    };
    print(config: QzConfig, data: QzPrintData[]): Promise<void>;
    security: {
      setCertificatePromise(
        handler: Resolver<string> | (() => Promise<string>),
        options?: { rejectOnFailure?: boolean },
      ): void;
      setSignaturePromise(factory: (toSign: string) => Resolver<string> | Promise<string>): void;
      setSignatureAlgorithm(algorithm: 'SHA1' | 'SHA256' | 'SHA512'): void;
    };
    api: {
      setWebSocketType(ws: unknown): void;
      setPromiseType(promiser: <T>(resolver: Resolver<T>) => Promise<T>): void;
      setSha256Type(hasher: (data: string) => string | Promise<string>): void;
      getVersion(): Promise<string>;
    };
    version: string;
  }

  const qz: Qz;
  export default qz;
}
