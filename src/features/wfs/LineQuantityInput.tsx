/**
 * A WFS plan line's units as typed, with its ceiling (what PREP-WFS can give the line) and the
 * refusal under it: the same cell in the new plan's lines and in the items step.
 */
interface Props {
  productId: number;
  value: string;
  max: number | undefined;
  error: string | undefined;
  disabled?: boolean;
  onChange: (value: string) => void;
}

export function LineQuantityInput({ productId, value, max, error, disabled, onChange }: Props) {
  return (
    <>
      <input
        type="number"
        name={`quantity-${productId}`}
        min={1}
        max={max}
        value={value}
        disabled={disabled}
        aria-invalid={!!error}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && <small className="form-error">{error}</small>}
    </>
  );
}
