type BrandLogoProps = {
  height?: number;
};

// Inline so the brand renders with the first paint, without another request.
export function BrandLogo({ height = 32 }: BrandLogoProps) {
  return (
    <svg
      role="img"
      aria-label="Portico"
      height={height}
      viewBox="0 0 150 40"
      xmlns="http://www.w3.org/2000/svg"
      style={{ display: 'block', width: 'auto' }}
    >
      <path d="M4 34V15L18 6l14 9v19h-6V18h-5v16h-6V18h-5v16z" fill="#f6951e" />
      <text
        x="40"
        y="29"
        fill="#f6951e"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"
        fontSize="24"
        fontWeight="700"
        letterSpacing="0.5"
      >
        Portico
      </text>
    </svg>
  );
}
