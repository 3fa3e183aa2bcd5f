import {
  type CostingWindow,
  costingEstimatesFileName,
  costingFileName,
} from '@portico/contracts/costing/costing';
import { DataGrid } from '../../../components/data-grid/data-grid';
import { ApiError } from '../../../lib/api-client';
import { useCosting } from '../api/get-costing';
import { useCostingEstimates } from '../api/get-costing-estimates';
import { costingColumns, costingEstimateColumns } from '../utils/costing-columns.utils';

type CostingGridProps = { window: CostingWindow; isEnabled: boolean; timeZone: string };

// The totals line of some thirty amount columns takes several lines: keep room for rows below it.
const gridHeight = 'max(720px, calc(100vh - 220px))';

// A refusal the server explains (a window too large) is shown as it is; anything else stays generic.
function errorTextOf(error: Error | null, fallback: string): string | null {
  if (error === null) return null;
  if (error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500) return error.message;
  return fallback;
}

export function CostingGrid({ window, isEnabled, timeZone }: CostingGridProps) {
  const costing = useCosting(window, { enabled: isEnabled });
  return (
    <DataGrid
      ariaLabel="Costing"
      columns={costingColumns}
      rows={costing.data ?? []}
      isLoading={isEnabled && costing.isPending}
      error={errorTextOf(costing.error, 'Costing could not be loaded.')}
      onRefresh={() => void costing.refetch()}
      timeZone={timeZone}
      height={gridHeight}
      showTotals
      configKey="costing"
      exportFileName={costingFileName}
    />
  );
}

export function CostingEstimatesGrid({ window, isEnabled, timeZone }: CostingGridProps) {
  const estimates = useCostingEstimates(window, { enabled: isEnabled });
  return (
    <DataGrid
      ariaLabel="Costing Estimates"
      columns={costingEstimateColumns}
      rows={estimates.data ?? []}
      getRowId={(row) => row.id}
      isLoading={isEnabled && estimates.isPending}
      error={errorTextOf(estimates.error, 'Costing estimates could not be loaded.')}
      onRefresh={() => void estimates.refetch()}
      timeZone={timeZone}
      height={gridHeight}
      showTotals
      configKey="costing-estimates"
      exportFileName={costingEstimatesFileName}
    />
  );
}
