import type { ApexOptions } from 'apexcharts';
import 'apexcharts/dist/apexcharts.css';
import 'apexcharts/dist/apexcharts-legend.css';
import { type ComponentType, useEffect, useState } from 'react';
import type { Props as ChartProps } from 'react-apexcharts';
import { intlLocale } from '../../lib/i18n/locale.ts';

export interface SandboxChartsProps {
  locale: 'en' | 'fr';
  categories: { label: string; count: number }[];
  yards: { label: string; units: number }[];
  strings: { productsTitle: string; stockTitle: string; plants: string; units: string; loading: string };
}

const GREENS = ['#2c431d', '#3f6a2a', '#6b9c4a', '#a4c98a', '#cfe6b5'];

/**
 * ApexCharts touches `window` when it loads, so the chart library is imported in the
 * browser only, once this island is hydrated (client:view: when it scrolls into view).
 */
export default function SandboxCharts({ locale, categories, yards, strings }: SandboxChartsProps) {
  const [Chart, setChart] = useState<ComponentType<ChartProps> | null>(null);
  useEffect(() => {
    let cancelled = false;
    void import('react-apexcharts').then((module) => {
      if (!cancelled) setChart(() => module.default as ComponentType<ChartProps>);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  const number = new Intl.NumberFormat(intlLocale(locale));
  const base: ApexOptions = {
    // The legend's styles come from the stylesheet imported above: a <style> element the
    // library would inject is refused by the Content-Security-Policy.
    chart: { fontFamily: 'inherit', toolbar: { show: false }, animations: { enabled: false }, injectStyleSheet: false },
    dataLabels: { enabled: false },
    tooltip: { y: { formatter: (value: number) => number.format(value) } },
  };
  const bar: ApexOptions = {
    ...base,
    colors: [GREENS[1] as string],
    plotOptions: { bar: { horizontal: true, borderRadius: 3 } },
    xaxis: {
      categories: categories.map((c) => c.label),
      labels: { formatter: (v: string) => number.format(Number(v)) },
    },
  };
  const donut: ApexOptions = {
    ...base,
    labels: yards.map((y) => y.label),
    colors: GREENS,
    legend: { position: 'bottom' },
  };
  return (
    <div className="charts">
      <figure>
        <figcaption>{strings.productsTitle}</figcaption>
        {Chart ? (
          <Chart
            type="bar"
            height={360}
            options={bar}
            series={[{ name: strings.plants, data: categories.map((c) => c.count) }]}
          />
        ) : (
          <p className="loading">{strings.loading}</p>
        )}
      </figure>
      <figure>
        <figcaption>{strings.stockTitle}</figcaption>
        {Chart ? (
          <Chart type="donut" height={320} options={donut} series={yards.map((y) => y.units)} />
        ) : (
          <p className="loading">{strings.loading}</p>
        )}
      </figure>
    </div>
  );
}
