import { TOOTH_STATUS_LABELS, TOOTH_STATUSES, type Surface, type ToothEntry, type ToothStatus } from '@odontia/shared';
import { memo } from 'react';

/**
 * How each status is drawn: a colour AND a pattern or mark (dots, hatching, a grid, lines), so two
 * statuses never differ by colour alone (colour blindness, black-and-white printing).
 */
type StatusStyle = {
  fill: string;
  ink: string;
  mark: 'none' | 'dots' | 'diagonal' | 'dash' | 'grid' | 'horizontal' | 'vertical';
};

export const STATUS_STYLES: Record<ToothStatus, StatusStyle> = {
  healthy: { fill: '#ffffff', ink: '#ffffff', mark: 'none' },
  cavity: { fill: '#fca5a5', ink: '#b91c1c', mark: 'dots' },
  filled: { fill: '#93c5fd', ink: '#1d4ed8', mark: 'diagonal' },
  missing: { fill: '#e5e7eb', ink: '#374151', mark: 'dash' },
  crown: { fill: '#fcd34d', ink: '#92400e', mark: 'grid' },
  bridge: { fill: '#c4b5fd', ink: '#5b21b6', mark: 'horizontal' },
  implant: { fill: '#5eead4', ink: '#0f766e', mark: 'vertical' },
};

/** The fill of a surface or swatch in that status: a pattern of `<StatusPatterns prefix>` (plain white for Sano). */
export const statusFill = (prefix: string, status: ToothStatus) =>
  status === 'healthy' ? STATUS_STYLES.healthy.fill : `url(#${prefix}-${status})`;

/**
 * The fill of one surface of a tooth: its own status, or where it is Sano the whole tooth's status, so a
 * tooth with Caries, Corona, Implante… is filled with it and a surface treated apart still shows its own.
 */
export const surfaceFill = (prefix: string, tooth: ToothEntry, surface: Surface) => {
  const own = tooth.superficies[surface];
  return statusFill(prefix, own === 'healthy' ? tooth.estado : own);
};

function Mark({ style }: { style: StatusStyle }) {
  const stroke = { stroke: style.ink, strokeWidth: 1.4 };
  switch (style.mark) {
    case 'dots':
      return <circle cx="3" cy="3" r="1.3" fill={style.ink} />;
    case 'diagonal':
      return <path d="M-1,1 l2,-2 M0,6 l6,-6 M5,7 l2,-2" {...stroke} />;
    case 'dash':
      return <path d="M1,3 h4" {...stroke} />;
    case 'grid':
      return <path d="M0,0.5 h6 M0.5,0 v6" {...stroke} strokeWidth={1} />;
    case 'horizontal':
      return <path d="M0,3 h6" {...stroke} />;
    case 'vertical':
      return <path d="M3,0 v6" {...stroke} />;
    case 'none':
      return null;
  }
}

/**
 * The patterns of the seven statuses, once per chart (ids start with `prefix`, unique on the page).
 * An SVG of no size: the patterns are referenced by the teeth and the legend.
 */
export const StatusPatterns = memo(function StatusPatterns({ prefix }: { prefix: string }) {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute" focusable="false">
      <defs>
        {TOOTH_STATUSES.filter((s) => s !== 'healthy').map((status) => {
          const style = STATUS_STYLES[status];
          return (
            <pattern key={status} id={`${prefix}-${status}`} width="6" height="6" patternUnits="userSpaceOnUse">
              <rect width="6" height="6" fill={style.fill} />
              <Mark style={style} />
            </pattern>
          );
        })}
      </defs>
    </svg>
  );
});

/** A small square in a status's colour and pattern (legend, buttons, changes list). */
export function StatusSwatch({ prefix, status, size = 16 }: { prefix: string; status: ToothStatus; size?: number }) {
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 16 16" className="shrink-0">
      {status === 'missing' ? (
        <>
          <rect x="0.5" y="0.5" width="15" height="15" rx="2" fill="#ffffff" stroke="#64748b" />
          <path d="M3,8 h10" stroke={STATUS_STYLES.missing.ink} strokeWidth="2.5" strokeLinecap="round" />
        </>
      ) : (
        <rect x="0.5" y="0.5" width="15" height="15" rx="2" fill={statusFill(prefix, status)} stroke="#64748b" />
      )}
    </svg>
  );
}

/** The legend of the seven statuses (spec 000 §2), each with its swatch. */
export const StatusLegend = memo(function StatusLegend({ prefix }: { prefix: string }) {
  return (
    <ul aria-label="Leyenda" className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
      {TOOTH_STATUSES.map((status) => (
        <li key={status} className="flex items-center gap-1.5">
          <StatusSwatch prefix={prefix} status={status} />
          {TOOTH_STATUS_LABELS[status]}
        </li>
      ))}
    </ul>
  );
});
