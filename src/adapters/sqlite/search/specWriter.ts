// A little-endian writer into one buffer that grows as needed: the specs the native functions
// read (topTextPlan.ts, topPlacesPlan.ts; native/specReader.h reads them back).
export interface SpecWriter {
  u8(value: number): void;
  u32(value: number): void;
  f64(value: number): void;
  i64(value: number): void;
  /** A u32 byte length, then the UTF-8 bytes. */
  text(value: string): void;
  done(): Buffer;
}

export function specWriter(): SpecWriter {
  let buffer = Buffer.alloc(1024);
  let at = 0;
  const room = (bytes: number) => {
    if (at + bytes <= buffer.length) return;
    const grown = Buffer.alloc(Math.max(buffer.length * 2, at + bytes));
    buffer.copy(grown, 0, 0, at);
    buffer = grown;
  };
  return {
    u8(value) {
      room(1);
      at = buffer.writeUInt8(value, at);
    },
    u32(value) {
      room(4);
      at = buffer.writeUInt32LE(value, at);
    },
    f64(value) {
      room(8);
      at = buffer.writeDoubleLE(value, at);
    },
    i64(value) {
      room(8);
      at = buffer.writeBigInt64LE(BigInt(value), at);
    },
    text(value) {
      const bytes = Buffer.byteLength(value, 'utf8');
      room(4 + bytes);
      at = buffer.writeUInt32LE(bytes, at);
      at += buffer.write(value, at, 'utf8');
    },
    done: () => buffer.subarray(0, at),
  };
}
