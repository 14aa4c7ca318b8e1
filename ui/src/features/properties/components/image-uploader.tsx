import { ImagePlus, Trash2, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { Button } from "@/components/ui/button";
import { FallbackImage } from "@/components/ui/fallback-image";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { IMAGE_FALLBACK } from "@/lib/property";
import { MAX_PROPERTY_IMAGES, useUploadPropertyImages } from "../api/upload-property-images";

/** The image types the server accepts (it checks the content, not the name). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"];

interface PendingImage {
  id: string;
  file: File;
  preview: string;
}

interface ImageUploaderProps {
  /** URLs of the images already uploaded, in order (the first is the cover). */
  uploaded: string[];
  onUploaded: (urls: string[]) => void;
  onRemove: (url: string) => void;
  /** Id of the element describing an error of the whole field (e.g. no image at submit). */
  describedBy?: string;
}

let counter = 0;

function preview(file: File): string {
  return typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : "";
}

function release(url: string) {
  if (url && typeof URL.revokeObjectURL === "function") URL.revokeObjectURL(url);
}

/**
 * ImageUploader picks property pictures (SPEC §4 "Image upload", §5): chosen files
 * are pending previews until Upload is pressed; at most 5 images in all, existing
 * plus pending ("Too many images"); uploaded ones can be removed.
 */
export function ImageUploader({ uploaded, onUploaded, onRemove, describedBy }: ImageUploaderProps) {
  const inputId = useId();
  const hintId = useId();
  const titleId = useId();
  const [pending, setPending] = useState<PendingImage[]>([]);
  const [failure, setFailure] = useState("");
  const [dragging, setDragging] = useState(false);
  const upload = useUploadPropertyImages();

  // Release the previews' memory when the uploader goes away.
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  useEffect(() => () => pendingRef.current.forEach((p) => release(p.preview)), []);

  const total = uploaded.length + pending.length;

  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    const images = files.filter((f) => ACCEPTED_IMAGE_TYPES.includes(f.type));
    if (images.length < files.length) {
      toast({
        title: "Unsupported file",
        description: "Only image files can be uploaded: JPG, PNG, GIF or WebP.",
        variant: "destructive",
      });
    }
    if (images.length === 0) return;
    if (total + images.length > MAX_PROPERTY_IMAGES) {
      toast({
        title: "Too many images",
        description: `You can only upload a maximum of ${MAX_PROPERTY_IMAGES} images.`,
        variant: "destructive",
      });
      return;
    }
    setFailure("");
    setPending((prev) => [
      ...prev,
      ...images.map((file) => ({ id: `pending-${++counter}`, file, preview: preview(file) })),
    ]);
  };

  const removePending = (id: string) => {
    setPending((prev) => {
      const gone = prev.find((p) => p.id === id);
      if (gone) release(gone.preview);
      return prev.filter((p) => p.id !== id);
    });
  };

  const startUpload = () => {
    const batch = pending;
    if (batch.length === 0) return;
    setFailure("");
    upload.mutate(
      batch.map((p) => p.file),
      {
        onSuccess: (urls) => {
          batch.forEach((p) => release(p.preview));
          setPending((prev) => prev.filter((p) => !batch.includes(p)));
          onUploaded(urls);
          toast({
            title: "Upload successful",
            description: `${urls.length} ${urls.length === 1 ? "image" : "images"} uploaded successfully.`,
          });
        },
        onError: (err) => {
          const message = err instanceof Error && err.message ? err.message : "";
          setFailure(message || "Upload failed");
          toast({ title: "Upload failed", description: message || "An unknown error occurred", variant: "destructive" });
        },
      },
    );
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <div className="uploader">
      <label
        htmlFor={inputId}
        className={dragging ? "uploader__drop uploader__drop--active" : "uploader__drop"}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <ImagePlus aria-hidden="true" size={32} />
        <span id={titleId} className="uploader__drop-title">
          Choose images
        </span>
        <span id={hintId} className="uploader__hint">
          Click to browse or drag pictures here. Supported formats: JPG, PNG, GIF. Up to {MAX_PROPERTY_IMAGES} images;
          the first is the cover.
        </span>
      </label>
      <input
        id={inputId}
        type="file"
        className="visually-hidden"
        accept={ACCEPTED_IMAGE_TYPES.join(",")}
        multiple
        aria-labelledby={titleId}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(" ")}
        onChange={(event) => {
          addFiles(Array.from(event.target.files ?? []));
          event.target.value = "";
        }}
      />

      <p className="uploader__status" aria-live="polite">
        {uploaded.length} of {MAX_PROPERTY_IMAGES} images uploaded
        {pending.length ? `, ${pending.length} waiting to be uploaded` : ""}
      </p>

      {uploaded.length > 0 ? (
        <ul className="uploader__grid" aria-label="Uploaded images">
          {uploaded.map((url, i) => (
            <li key={url} className="uploader__item">
              <FallbackImage src={url} fallback={IMAGE_FALLBACK} alt={`Uploaded image ${i + 1}`} width={200} height={140} />
              <span className="uploader__tag">{i === 0 ? "Cover" : "Uploaded"}</span>
              <button
                type="button"
                className="uploader__remove"
                aria-label={`Remove uploaded image ${i + 1}`}
                onClick={() => onRemove(url)}
              >
                <Trash2 aria-hidden="true" size={16} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      {pending.length > 0 ? (
        <>
          <ul className="uploader__grid" aria-label="Images waiting to be uploaded">
            {pending.map((p, i) => (
              <li key={p.id} className="uploader__item uploader__item--pending">
                {p.preview ? <img src={p.preview} alt={`Selected image ${i + 1}: ${p.file.name}`} width={200} height={140} /> : <span className="uploader__name">{p.file.name}</span>}
                <span className="uploader__tag">Not uploaded</span>
                <button
                  type="button"
                  className="uploader__remove"
                  aria-label={`Remove ${p.file.name}`}
                  onClick={() => removePending(p.id)}
                  disabled={upload.isPending}
                >
                  <Trash2 aria-hidden="true" size={16} />
                </button>
              </li>
            ))}
          </ul>
          <Button variant="secondary" onClick={startUpload} disabled={upload.isPending}>
            {upload.isPending ? (
              <>
                <Spinner size="sm" label="Uploading" /> Uploading...
              </>
            ) : (
              <>
                <Upload aria-hidden="true" size={16} /> Upload {pending.length} {pending.length === 1 ? "image" : "images"}
              </>
            )}
          </Button>
        </>
      ) : null}

      {failure ? (
        <p className="field__error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
