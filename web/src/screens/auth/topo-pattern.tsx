/** Contour lines, like a trail map. Purely decorative. */
export function TopoPattern({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 600 600"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <g fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M-20 120c80-40 160 30 240 0s150-90 230-50 140 60 180 30" />
        <path d="M-20 160c90-40 170 35 250 5s140-80 220-45 150 65 170 35" />
        <path d="M-20 205c95-35 180 40 255 10s135-70 215-40 150 70 170 40" />
        <path d="M-20 430c70 30 150-40 230-20s120 90 210 70 140-70 200-50" />
        <path d="M-20 475c80 25 160-35 235-15s125 85 205 65 145-60 200-45" />
        <path d="M-20 520c85 20 165-30 240-10s130 80 200 60 150-55 200-40" />
        <ellipse cx="470" cy="300" rx="70" ry="45" />
        <ellipse cx="470" cy="300" rx="110" ry="75" />
        <ellipse cx="470" cy="300" rx="150" ry="105" />
        <ellipse cx="110" cy="320" rx="40" ry="26" />
        <ellipse cx="110" cy="320" rx="75" ry="50" />
      </g>
    </svg>
  );
}
