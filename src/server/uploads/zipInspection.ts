/**
 * Looks inside a ZIP container (DOCX is one) without trusting what it declares:
 * every entry is actually inflated, with the output capped, so a zip bomb is
 * stopped at the cap instead of filling memory later in the DOCX reader.
 */
import { inflateRawSync } from "node:zlib";

export class ZipRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ZipRefusal";
  }
}

export interface ZipSummary {
  entryNames: string[];
  uncompressedBytes: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_ENTRIES = 5000;

function findEndOfCentralDirectory(zip: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535 bytes, at the very end.
  const lowest = Math.max(0, zip.length - 22 - 0xffff);
  for (let at = zip.length - 22; at >= lowest; at--) if (zip.readUInt32LE(at) === EOCD) return at;
  throw new ZipRefusal("The file is not a readable ZIP container.");
}

export function inspectZip(zip: Buffer, maxUncompressedBytes: number): ZipSummary {
  if (zip.length < 22) throw new ZipRefusal("The file is not a readable ZIP container.");
  const eocd = findEndOfCentralDirectory(zip);
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  if (count > MAX_ENTRIES) throw new ZipRefusal(`The container holds more than ${MAX_ENTRIES} entries.`);
  const entryNames: string[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new ZipRefusal("The ZIP directory is damaged.");
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localOffset = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 1) throw new ZipRefusal("Encrypted containers are not accepted.");
    // 0xffffffff marks ZIP64, which no document this product reads needs.
    if (compressedSize === 0xffffffff || localOffset === 0xffffffff)
      throw new ZipRefusal("ZIP64 containers are not accepted.");
    if (localOffset + 30 > zip.length || zip.readUInt32LE(localOffset) !== LOCAL)
      throw new ZipRefusal("The ZIP directory is damaged.");
    const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (data.length !== compressedSize) throw new ZipRefusal("The ZIP container is truncated.");
    const budget = maxUncompressedBytes - total;
    let size: number;
    if (method === 0) size = compressedSize;
    else if (method === 8) {
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(1, budget + 1) }).length;
      } catch (error) {
        if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") size = budget + 1;
        else throw new ZipRefusal("An entry of the ZIP container cannot be decompressed.");
      }
    } else throw new ZipRefusal("The ZIP container uses an unsupported compression method.");
    total += size;
    if (total > maxUncompressedBytes)
      throw new ZipRefusal("The file expands to more than the allowed size when decompressed.");
    entryNames.push(name);
  }
  return { entryNames, uncompressedBytes: total };
}
