import { useCallback, useRef, useState } from 'react';
import { showToast } from '../../toasts';
import { exportToExcel } from './export-excel';
import type { ExcelExportInput } from './export-types';

export const EXPORT_FAILED_TEXT = 'Something went wrong';

export function useExcelExport(): {
  exportExcel(input: ExcelExportInput): Promise<void>;
  isExporting: boolean;
  progress: number;
} {
  const [isExporting, setIsExporting] = useState(false);
  const [progress, setProgress] = useState(0);
  // A second click while a file is being built must not start another worker.
  const isRunning = useRef(false);

  const exportExcel = useCallback(async (input: ExcelExportInput) => {
    if (isRunning.current) return;
    isRunning.current = true;
    setIsExporting(true);
    setProgress(0);
    try {
      await exportToExcel(input, setProgress);
    } catch {
      void showToast({ text: EXPORT_FAILED_TEXT, type: 'danger' });
    } finally {
      isRunning.current = false;
      setIsExporting(false);
    }
  }, []);

  return { exportExcel, isExporting, progress };
}
