/** Text pulled out of a file, in reading order, keeping where each part came from. */
export interface Section {
  /** 1-based page (PDF); null for formats without pages. */
  page: number | null;
  /** The heading trail the text sits under ("Setup > Linux"); null when none. */
  heading: string | null;
  text: string;
}

export interface Extracted {
  sections: Section[];
  pageCount: number | null;
}

/** The file's content cannot be read (damaged, encrypted, not what it claims): retrying will not help. */
export class ExtractionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ExtractionError";
  }
}
