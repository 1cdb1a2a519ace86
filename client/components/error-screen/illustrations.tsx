/** Decorative illustrations of the error screens, inline so they need no request. */

export function LostHouse({ className }: { className?: string }) {
  return (
    <svg className={className} width="240" height="200" viewBox="0 0 240 200" aria-hidden="true" focusable="false">
      <ellipse cx="120" cy="182" rx="100" ry="10" fill="#e3ebe8" />
      <path d="M40 96 120 30l80 66v80a6 6 0 0 1-6 6H46a6 6 0 0 1-6-6z" fill="#fff" stroke="#0f5c4d" strokeWidth="4" />
      <path
        d="M28 104 120 26l92 78"
        fill="none"
        stroke="#0f5c4d"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="100" y="126" width="40" height="56" rx="4" fill="#e8a33d" />
      <rect x="58" y="112" width="28" height="26" rx="3" fill="#cfe3dc" stroke="#0f5c4d" strokeWidth="3" />
      <rect x="154" y="112" width="28" height="26" rx="3" fill="#cfe3dc" stroke="#0f5c4d" strokeWidth="3" />
      <text
        x="120"
        y="100"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="40"
        fontWeight="700"
        fill="#0f5c4d"
      >
        ?
      </text>
    </svg>
  );
}

export function BrokenTools({ className }: { className?: string }) {
  return (
    <svg className={className} width="240" height="200" viewBox="0 0 240 200" aria-hidden="true" focusable="false">
      <ellipse cx="120" cy="182" rx="100" ry="10" fill="#e3ebe8" />
      <rect x="44" y="60" width="152" height="112" rx="10" fill="#fff" stroke="#0f5c4d" strokeWidth="4" />
      <path d="M44 84h152" stroke="#0f5c4d" strokeWidth="4" />
      <circle cx="60" cy="72" r="4" fill="#e8a33d" />
      <circle cx="74" cy="72" r="4" fill="#cfe3dc" />
      <path d="M92 110l56 40M148 110l-56 40" stroke="#e8a33d" strokeWidth="8" strokeLinecap="round" />
      <path d="M170 30l18 18-30 30-18-18z" fill="#0f5c4d" />
      <path d="M140 60l-14 14" stroke="#0f5c4d" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
