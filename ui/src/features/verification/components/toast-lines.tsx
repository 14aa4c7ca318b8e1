/** ToastLines is a toast's description in lines of their own: SPEC's words first, then what adds to them. */
export function ToastLines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line) => (
        <span key={line} className="toast-line">
          {line}
        </span>
      ))}
    </>
  );
}
