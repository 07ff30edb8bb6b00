// Blob storage for uploaded media. Adapters: files under DATA_DIR (default), GridFS.
export interface StoredBlob {
  bytes: Buffer;
  contentType: string;
}

export interface MediaStorage {
  /** Throws on failure; the service turns that into MEDIA_UPLOAD_FAILED. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
}
