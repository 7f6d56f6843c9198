/**
 * The marketplace programs the desk marks on an order (Prime, in-store pickup, Business …): the
 * ones that change how it is worked. Programs Dockside does not mark are left out.
 */
import { useTranslation } from 'react-i18next';
import { MARKED_ORDER_PROGRAMS } from '../../../domain/schemas/orders';

export function ProgramBadges({ programs }: { programs: readonly string[] }) {
  const { t } = useTranslation();
  const marked = MARKED_ORDER_PROGRAMS.filter((p) => programs.includes(p));
  if (!marked.length) return null;
  return (
    <span className="badges" data-testid="order-programs">
      {marked.map((p) => (
        <span key={p} className={`badge program program-${p.toLowerCase()}`} data-program={p}>
          {t(`fbmOrders.programs.${p}`)}
        </span>
      ))}
    </span>
  );
}
