import {
  CHART_STAGE_LABELS,
  TOOTH_STATUS_LABELS,
  TOOTH_STATUSES,
  type ChartMark,
  type ChartStage,
  type Surface,
  type ToothEntry,
  type ToothStatus,
} from '@odontia/shared';
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

/**
 * How each etapa is drawn (issue 22, the usual convention): existing entries in their status's colour,
 * planned ones in red, done ones in blue, the status's pattern kept so it can still be read; and never by
 * colour alone: a planned entry has a dashed outline and a «P», a done one a solid outline and a «✓».
 */
export const STAGE_STYLES: Record<
  Exclude<ChartStage, 'existente'>,
  { fill: string; ink: string; mark: string; dash: string | undefined }
> = {
  planificado: { fill: '#fecaca', ink: '#dc2626', mark: 'P', dash: '4 2' },
  realizado: { fill: '#bfdbfe', ink: '#1d4ed8', mark: '✓', dash: undefined },
};

/** The fill of a surface or swatch in that status and etapa: a pattern of `<StatusPatterns prefix>` (plain white for Sano). */
export const statusFill = (prefix: string, status: ToothStatus, etapa: ChartStage = 'existente') =>
  status === 'healthy'
    ? STATUS_STYLES.healthy.fill
    : `url(#${prefix}-${status}${etapa === 'existente' ? '' : `-${etapa}`})`;

/**
 * The mark a surface shows: its own, or where it is Sano the whole tooth's, so a tooth with Caries,
 * Corona, Implante… is filled with it and a surface treated apart still shows its own.
 */
export const surfaceMark = (tooth: ToothEntry, surface: Surface): ChartMark => {
  const own = tooth.superficies[surface];
  return own.estado === 'healthy' ? tooth : own;
};
export const surfaceFill = (prefix: string, tooth: ToothEntry, surface: Surface) => {
  const mark = surfaceMark(tooth, surface);
  return statusFill(prefix, mark.estado, mark.etapa);
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
        {TOOTH_STATUSES.filter((s) => s !== 'healthy').flatMap((status) =>
          (['existente', 'planificado', 'realizado'] as const).map((etapa) => {
            const base = STATUS_STYLES[status];
            const style =
              etapa === 'existente' ? base : { ...base, fill: STAGE_STYLES[etapa].fill, ink: STAGE_STYLES[etapa].ink };
            const id = `${prefix}-${status}${etapa === 'existente' ? '' : `-${etapa}`}`;
            return (
              <pattern key={id} id={id} width="6" height="6" patternUnits="userSpaceOnUse">
                <rect width="6" height="6" fill={style.fill} />
                <Mark style={style} />
              </pattern>
            );
          }),
        )}
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

/** A small square of an etapa: its colour, outline and mark (legend). */
export function StageSwatch({ etapa, size = 16 }: { etapa: Exclude<ChartStage, 'existente'>; size?: number }) {
  const style = STAGE_STYLES[etapa];
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} viewBox="0 0 16 16" className="shrink-0">
      <rect
        x="1"
        y="1"
        width="14"
        height="14"
        rx="2"
        fill={style.fill}
        stroke={style.ink}
        strokeWidth="2"
        strokeDasharray={style.dash}
      />
      <text x="8" y="12" textAnchor="middle" fontSize="10" fontWeight="700" fill={style.ink}>
        {style.mark}
      </text>
    </svg>
  );
}

/** The legend of the seven statuses (spec 000 §2), each with its swatch, and of the etapas (issue 22). */
export const StatusLegend = memo(function StatusLegend({ prefix }: { prefix: string }) {
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label="Leyenda" className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {TOOTH_STATUSES.map((status) => (
          <li key={status} className="flex items-center gap-1.5">
            <StatusSwatch prefix={prefix} status={status} />
            {TOOTH_STATUS_LABELS[status]}
          </li>
        ))}
      </ul>
      <ul aria-label="Etapas del tratamiento" className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <li className="flex items-center gap-1.5">
          <StatusSwatch prefix={prefix} status="cavity" />
          {CHART_STAGE_LABELS.existente}: color del estado
        </li>
        <li className="flex items-center gap-1.5">
          <StageSwatch etapa="planificado" />
          {CHART_STAGE_LABELS.planificado}: rojo, borde discontinuo y «P»
        </li>
        <li className="flex items-center gap-1.5">
          <StageSwatch etapa="realizado" />
          {CHART_STAGE_LABELS.realizado} aquí: azul, borde continuo y «✓»
        </li>
      </ul>
    </div>
  );
});
