/**
 * The S3-compatible file store (AWS S3, MinIO, Cloudflare R2, ...), chosen when S3_BUCKET is
 * set, so several servers behind a load balancer share one bucket. Uploads still stream into a
 * local temporary file first (their bytes are checked before anything is published), then go to
 * the bucket in one PUT: 50 MB is far below S3's 5 GB single-request limit.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import type { FileStore, OpenedObject, StoredObject } from './file-store.ts';

export type S3Settings = NonNullable<Config['s3']>;

export interface S3FileStore extends FileStore {
  readonly kind: 's3';
  readonly client: S3Client;
}

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

export function createS3FileStore(settings: S3Settings, tempDir: string): S3FileStore {
  const client = new S3Client({
    region: settings.region,
    // Other S3-compatible services are addressed by path (`endpoint/bucket/key`), not by a
    // bucket subdomain their DNS may not have.
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 demands them: several compatible services reject the newer
    // streaming-checksum uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  return {
    kind: 's3',
    client,

    async createTempFile() {
      await fsp.mkdir(tempDir, { recursive: true });
      return path.join(tempDir, crypto.randomUUID());
    },

    async put(Key, tempFile, meta) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: fs.createReadStream(tempFile),
            ContentLength: meta.size,
            ContentType: meta.contentType,
          }),
        );
      } finally {
        await fsp.rm(tempFile, { force: true });
      }
    },

    async stat(Key): Promise<StoredObject | null> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return { size: Number(head.ContentLength ?? 0) };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async open(Key): Promise<OpenedObject | null> {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key }));
        // In Node the body is an http.IncomingMessage, a Readable.
        return { size: Number(res.ContentLength ?? 0), stream: res.Body as Readable };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async remove(Key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
  };
}
