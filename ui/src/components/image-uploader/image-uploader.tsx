import { ArrowLeft, ArrowRight, ImagePlus, RotateCcw, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type DragEvent, type Ref } from "react";
import { FallbackImage } from "@/components/ui/fallback-image";
import { toast } from "@/components/ui/use-toast";
import { IMAGE_FALLBACK } from "@/lib/property";
import type { ImageUpload, ImageUploads } from "./use-image-uploads";
import "./image-uploader.css";

/** The image types the server accepts (it checks the content, not the name). */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"];

interface ImageUploaderProps {
  /** The images and their uploads (useImageUploads). */
  uploads: ImageUploads;
  /** The drop zone's title, which names the file input ("Choose images"). */
  title: string;
  /** What to choose and what happens to it, under the title. */
  hint: string;
  /**
   * True when the order matters (a listing's images): each image gets Move earlier and Move
   * later buttons, and the first stored one is labelled the cover.
   */
  ordered?: boolean;
  /** The file input, for the form to focus when the images are what is missing. */
  inputRef?: Ref<HTMLInputElement>;
  /** The message of an error of the whole field (e.g. no image at submit), shown under it. */
  error?: string;
}

/**
 * ImageUploader picks pictures (a listing's images, SPEC §5, or a review's photos): each chosen
 * image uploads at once, showing its progress, and can be removed (cancelling a running upload)
 * or, when the server refused it, retried; the refusal is shown on the image in the server's
 * words. At most the kind's maximum in all ("Too many images"); for a listing (ordered) the
 * first one stored is the cover. Everything is a native button or input: the keyboard reaches all.
 */
export function ImageUploader({ uploads, title, hint, ordered = false, inputRef, error = "" }: ImageUploaderProps) {
  const inputId = useId();
  const hintId = useId();
  const titleId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const { items, kind } = uploads;

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
    uploads.add(images);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles(Array.from(event.dataTransfer.files));
  };

  const stored = items.filter((i) => i.status === "uploaded").length;
  const uploading = items.filter((i) => i.status === "uploading").length;
  const failed = items.filter((i) => i.status === "failed").length;
  const cover = ordered ? items.find((i) => i.status !== "failed") : undefined;
  const Noun = kind.one[0].toUpperCase() + kind.one.slice(1);

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
          {title}
        </span>
        <span id={hintId} className="uploader__hint">
          {hint}
        </span>
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        className="visually-hidden"
        accept={ACCEPTED_IMAGE_TYPES.join(",")}
        multiple
        aria-labelledby={titleId}
        aria-describedby={[hintId, error ? errorId : ""].filter(Boolean).join(" ")}
        onChange={(event) => {
          addFiles(Array.from(event.target.files ?? []));
          event.target.value = "";
        }}
      />

      <p className="uploader__status" aria-live="polite">
        {stored} of {kind.max} {kind.many} uploaded
        {uploading ? `, ${uploading} uploading` : ""}
        {failed ? `, ${failed} failed` : ""}
      </p>

      {items.length > 0 ? (
        <ul className="uploader__grid" aria-label={`Chosen ${kind.many}`}>
          {items.map((item, i) => (
            <UploadItem
              key={item.id}
              item={item}
              label={`${Noun} ${i + 1}: ${item.name}`}
              isCover={item === cover}
              onRemove={() => uploads.remove(item.id)}
              onRetry={() => uploads.retry(item.id)}
              ordered={ordered}
              onEarlier={i > 0 ? () => uploads.move(item.id, -1) : undefined}
              onLater={i < items.length - 1 ? () => uploads.move(item.id, 1) : undefined}
            />
          ))}
        </ul>
      ) : null}
      <p id={errorId} className="field__error" aria-live="polite">
        {error}
      </p>
    </div>
  );
}

interface UploadItemProps {
  item: ImageUpload;
  label: string;
  isCover: boolean;
  /** Whether the image gets Move buttons. */
  ordered: boolean;
  onRemove: () => void;
  onRetry: () => void;
  /** Moves the image one place earlier (towards the cover); none for the first. */
  onEarlier?: () => void;
  /** Moves the image one place later; none for the last. */
  onLater?: () => void;
}

/** UploadItem is one chosen image: its picture, where its upload stands, and its buttons. */
function UploadItem({ item, label, isCover, ordered, onRemove, onRetry, onEarlier, onLater }: UploadItemProps) {
  const errorId = useId();
  const name = item.name;
  const earlier = useRef<HTMLButtonElement>(null);
  const later = useRef<HTMLButtonElement>(null);
  // A move to either end disables the button just pressed: the focus goes to the other one, not
  // to the page, so the keyboard can go on.
  const pressed = useRef<"earlier" | "later" | null>(null);
  useEffect(() => {
    const which = pressed.current;
    pressed.current = null;
    if (which === "earlier" && earlier.current?.disabled) later.current?.focus();
    if (which === "later" && later.current?.disabled) earlier.current?.focus();
  });
  const percent = Math.round(item.progress * 100);
  const failed = item.status === "failed";
  return (
    <li className={`uploader__item uploader__item--${item.status}`} aria-label={label}>
      <div className="uploader__picture">
        {item.url ? (
          <FallbackImage src={item.url} fallback={IMAGE_FALLBACK} alt={label} width={200} height={140} />
        ) : item.preview ? (
          <img src={item.preview} alt={label} width={200} height={140} />
        ) : (
          <span className="uploader__name">{name}</span>
        )}
        <span className="uploader__tag">
          {item.status === "uploading" ? `Uploading ${percent}%` : failed ? "Not uploaded" : isCover ? "Cover" : "Uploaded"}
        </span>
        <button
          type="button"
          className="uploader__remove"
          aria-label={`Remove ${name}`}
          aria-describedby={failed ? errorId : undefined}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" size={16} />
        </button>
      </div>
      {ordered && (onEarlier || onLater) ? (
        <div className="uploader__order">
          {/* Native buttons: Tab reaches them, Enter or Space moves; a disabled end keeps the layout. */}
          <button
            ref={earlier}
            type="button"
            className="uploader__move"
            aria-label={`Move ${name} earlier`}
            disabled={!onEarlier}
            onClick={() => {
              pressed.current = "earlier";
              onEarlier?.();
            }}
          >
            <ArrowLeft aria-hidden="true" size={14} />
          </button>
          <button
            ref={later}
            type="button"
            className="uploader__move"
            aria-label={`Move ${name} later`}
            disabled={!onLater}
            onClick={() => {
              pressed.current = "later";
              onLater?.();
            }}
          >
            <ArrowRight aria-hidden="true" size={14} />
          </button>
        </div>
      ) : null}
      {item.status === "uploading" ? (
        <progress className="uploader__progress" max={100} value={percent} aria-label={`Uploading ${name}`} />
      ) : null}
      {failed ? (
        <div className="uploader__failure">
          <p id={errorId} className="field__error" role="alert">
            {item.error}
          </p>
          <button type="button" className="uploader__retry" onClick={onRetry} aria-label={`Retry uploading ${name}`}>
            <RotateCcw aria-hidden="true" size={14} /> Retry
          </button>
        </div>
      ) : null}
    </li>
  );
}
