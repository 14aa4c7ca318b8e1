import { FileText, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/errors";
import { DOCUMENT_RULES } from "@/lib/rules";

/** ViewedDocument is what a viewer needs of an owner's or a tenant's document. */
export interface ViewedDocument {
  url: string;
  fileName: string;
  contentType: string;
  deleted: boolean;
}

/**
 * DocumentViewer opens a document in place: the server sends it as an attachment, so it is
 * fetched (with the session cookie) and shown from a local object URL, a PDF in a frame, an
 * image as an image.
 */
export function DocumentViewer({ document: d }: { document: ViewedDocument }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState("");
  const [loading, setLoading] = useState(false);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (d.deleted) return <span>{d.fileName} (deleted {DOCUMENT_RULES.retentionDays} days after the decision)</span>;
  const open = async () => {
    setLoading(true);
    setError("");
    try {
      const res = await fetch(d.url, { credentials: "include" });
      if (!res.ok) throw new Error(`${res.status}: ${(await res.text()).trim() || res.statusText}`);
      const blob = new Blob([await res.arrayBuffer()], { type: d.contentType });
      setUrl(URL.createObjectURL(blob));
    } catch (err) {
      setError(errorMessage(err) || "The document could not be opened.");
    } finally {
      setLoading(false);
    }
  };
  return (
    <div className="admin-document">
      {url ? (
        <Button variant="ghost" size="sm" onClick={() => setUrl(null)}>
          <X aria-hidden="true" size={14} /> Close {d.fileName}
        </Button>
      ) : (
        <Button variant="outline" size="sm" onClick={() => void open()} disabled={loading}>
          <FileText aria-hidden="true" size={14} /> Open {d.fileName}
        </Button>
      )}
      {error ? <p role="alert">{error}</p> : null}
      {url ? (
        d.contentType === "application/pdf" ? (
          <iframe className="admin-document__frame" title={d.fileName} src={url} />
        ) : (
          <img className="admin-document__image" alt={d.fileName} src={url} />
        )
      ) : null}
    </div>
  );
}
