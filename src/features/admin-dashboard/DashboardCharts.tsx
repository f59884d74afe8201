import type { ApexOptions } from 'apexcharts';
import 'apexcharts/dist/apexcharts.css';
import 'apexcharts/dist/apexcharts-legend.css';
import { type ComponentType, type ReactNode, useEffect, useRef, useState } from 'react';
import type { Props as ChartProps } from 'react-apexcharts';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { intlLocale } from '../../lib/i18n/locale.ts';
import type enDashboard from '../../lib/i18n/locales/en/dashboard.json';
import type enQuoteDesk from '../../lib/i18n/locales/en/quoteDesk.json';
import type enQuoteQueue from '../../lib/i18n/locales/en/quoteQueue.json';
import { type DashboardData, wrapWords } from './dashboard.ts';

interface Props {
  locale: 'en' | 'fr';
  data: DashboardData;
  strings: {
    dashboard: typeof enDashboard;
    fulfilment: (typeof enQuoteDesk)['fulfilment'];
    queue: (typeof enQuoteQueue)['dashboard'];
  };
}

const GREENS = ['#2c431d', '#6b9c4a', '#a4c98a', '#cfe6b5'];

/**
 * The dashboard's charts. ApexCharts needs `window`, so the library is imported in the
 * browser only once the island is visible: no other page loads it. Each chart keeps its
 * figures in a table beside it, for screen readers and for checking.
 */
export default function DashboardCharts({ locale, data, strings }: Props) {
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
  // The library names each legend item in English ("Total users, visible. Press Enter or
  // Space to toggle.") as it draws or toggles it: the name is left to the item's visible text,
  // in the page's language (its pressed state still says whether the series is shown).
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const unname = () => {
      for (const item of element.querySelectorAll('.apexcharts-legend-series[aria-label]'))
        item.removeAttribute('aria-label');
    };
    unname();
    const observer = new MutationObserver(unname);
    observer.observe(element, { subtree: true, childList: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, []);
  const s = strings.dashboard.charts;
  const intl = intlLocale(locale);
  const number = new Intl.NumberFormat(intl);
  const money = (cents: number) => formatMoney(cents, locale);
  // An axis has room for « 20 k$ », not « 20 000,00 $ ».
  const compactMoney = new Intl.NumberFormat(intl, {
    style: 'currency',
    currency: 'CAD',
    notation: 'compact',
    maximumFractionDigits: 1,
  });
  // « 1er mars 2026 » in French, as every date of the store.
  const weekLabel = (iso: string) => formatDate(`${iso}T12:00:00Z`, locale, 'medium');
  const base: ApexOptions = {
    // The legend's styles come from the stylesheet imported above: a <style> element the
    // library would inject is refused by the Content-Security-Policy.
    chart: { fontFamily: 'inherit', toolbar: { show: false }, animations: { enabled: false }, injectStyleSheet: false },
    dataLabels: { enabled: false },
    // Items far enough apart that each label reads with its own marker (the gap between a
    // marker and its label is in DashboardPage.astro's styles); they wrap onto new rows.
    legend: { position: 'bottom', fontSize: '13px', itemMargin: { horizontal: 10, vertical: 4 } },
    tooltip: { y: { formatter: (value: number) => number.format(value) } },
    yaxis: { labels: { formatter: (value: number) => number.format(value) } },
  };
  // On a chart with axes the legend goes above the plot: the library leaves too little room
  // under slanted axis labels, which then ran into a legend below them.
  const legendAbove: ApexOptions['legend'] = { ...base.legend, position: 'top' };
  // The chart's own name for screen readers: its title, in the page's language (the library's
  // own is an English sentence, "bar chart with 2 data series").
  const named = (title: string): ApexOptions['chart'] => ({ ...base.chart, accessibility: { description: title } });
  const chart = (node: (C: ComponentType<ChartProps>) => ReactNode) =>
    Chart ? node(Chart) : <p className="loading">{s.loading}</p>;

  /** A share of a whole: a donut, with its labels and counts in the table beside it. */
  const donut = (
    id: string,
    title: string,
    empty: string | null,
    head: [string, string],
    labels: string[],
    values: number[],
  ) => (
    <Figure
      id={id}
      title={title}
      caption={s.dataTable}
      empty={empty}
      table={<Table head={head} rows={labels.map((label, i) => [label, number.format(values[i] ?? 0)])} />}
    >
      {chart((C) => (
        <C
          type="donut"
          height={300}
          options={{ ...base, chart: named(title), labels, colors: GREENS }}
          series={values}
        />
      ))}
    </Figure>
  );

  const roleLabels = data.roles.map((row) => strings.dashboard.roles[row.role] ?? row.role);
  const fulfilmentLabels = data.fulfilment.map((row) => strings.fulfilment[row.fulfilment] ?? row.fulfilment);
  const inHouseLabels = data.inHouse.map((row) => (row.linked ? s.linked : s.unlinked));
  const q = strings.queue;
  const outcomesTotal = data.outcomes.reduce((sum, row) => sum + row.versions, 0);
  const percent = new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 0 });
  // Each outcome with its share of the quotes answered or expired in the range: « Acceptée (40 %) ».
  const outcomeLabels = data.outcomes.map(
    (row) => `${q.outcome[row.outcome]} (${percent.format(outcomesTotal === 0 ? 0 : row.versions / outcomesTotal)})`,
  );

  return (
    <div className="dash-charts" ref={root}>
      <Figure
        id="growth"
        title={s.growth}
        caption={s.dataTable}
        empty={data.userGrowth.length === 0 ? s.noData : null}
        table={
          <Table
            head={[s.week, s.newUsers, s.totalUsers]}
            rows={data.userGrowth.map((row) => [
              weekLabel(row.week),
              number.format(row.newUsers),
              number.format(row.totalUsers),
            ])}
          />
        }
      >
        {chart((C) => (
          <C
            type="line"
            height={300}
            options={{
              ...base,
              chart: named(s.growth),
              legend: legendAbove,
              colors: [GREENS[1] as string, GREENS[0] as string],
              stroke: { width: [0, 3] },
              xaxis: { categories: data.userGrowth.map((row) => weekLabel(row.week)), labels: { rotate: -45 } },
              yaxis: [
                {
                  title: { text: s.newUsers },
                  min: 0,
                  stepSize: 1,
                  labels: { formatter: (v: number) => number.format(v) },
                },
                {
                  opposite: true,
                  title: { text: s.totalUsers },
                  labels: { formatter: (v: number) => number.format(v) },
                },
              ],
            }}
            series={[
              { name: s.newUsers, type: 'column', data: data.userGrowth.map((row) => row.newUsers) },
              { name: s.totalUsers, type: 'line', data: data.userGrowth.map((row) => row.totalUsers) },
            ]}
          />
        ))}
      </Figure>

      {donut(
        'roles',
        s.roles,
        null,
        [s.role, s.users],
        roleLabels,
        data.roles.map((row) => row.users),
      )}

      {donut(
        'fulfilment',
        s.fulfilment,
        data.totalQuoteRequests === 0 ? s.noData : null,
        [s.fulfilment, s.requests],
        fulfilmentLabels,
        data.fulfilment.map((row) => row.requests),
      )}

      {donut(
        'outcomes',
        q.outcomes,
        outcomesTotal === 0 ? q.outcomesNone : null,
        [q.outcomeHead, q.versions],
        outcomeLabels,
        data.outcomes.map((row) => row.versions),
      )}

      <Figure
        id="in-house"
        title={s.inHouse}
        caption={s.dataTable}
        empty={data.totalQuoteRequests === 0 ? s.noData : null}
        table={
          <Table
            head={[s.group, s.customers, s.requests, s.volume]}
            rows={data.inHouse.map((row, i) => [
              inHouseLabels[i] ?? '',
              number.format(row.customers),
              number.format(row.requests),
              money(row.volumeCents),
            ])}
          />
        }
      >
        {chart((C) => (
          <C
            type="bar"
            height={300}
            options={{
              ...base,
              chart: named(s.inHouse),
              legend: legendAbove,
              colors: [GREENS[0] as string, GREENS[2] as string],
              // Two groups: their names on lines of a few words each, level, never slanted.
              xaxis: {
                categories: inHouseLabels.map((label) => wrapWords(label, 16)),
                labels: { rotate: 0, trim: false, hideOverlappingLabels: false },
              },
            }}
            series={[
              { name: s.customers, data: data.inHouse.map((row) => row.customers) },
              { name: s.requests, data: data.inHouse.map((row) => row.requests) },
            ]}
          />
        ))}
      </Figure>

      {(['topByCount', 'topByVolume'] as const).map((key) => {
        const rows = key === 'topByCount' ? data.topCustomersByCount : data.topCustomersByVolume;
        const names = rows.map((row) => row.name);
        return (
          <Figure
            key={key}
            id={key}
            title={s[key]}
            caption={s.dataTable}
            empty={rows.length === 0 ? s.noData : null}
            table={
              <Table
                head={[s.customer, s.company, s.requests, s.volume]}
                rows={rows.map((row) => [
                  `${row.name} <${row.email}>`,
                  row.companyName ?? '—',
                  number.format(row.requests),
                  money(row.volumeCents),
                ])}
              />
            }
          >
            {chart((C) => (
              <C
                type="bar"
                height={300}
                options={{
                  ...base,
                  chart: named(s[key]),
                  colors: [GREENS[key === 'topByCount' ? 1 : 0] as string],
                  plotOptions: { bar: { horizontal: true, borderRadius: 3 } },
                  // In a horizontal bar chart the y axis holds the customers' names.
                  yaxis: { labels: { maxWidth: 180 } },
                  xaxis: {
                    categories: names,
                    labels: {
                      formatter: (v: string) =>
                        key === 'topByCount' ? number.format(Number(v)) : compactMoney.format(Number(v)),
                    },
                  },
                  tooltip: {
                    y: { formatter: (v: number) => (key === 'topByCount' ? number.format(v) : money(v * 100)) },
                  },
                }}
                series={[
                  key === 'topByCount'
                    ? { name: s.requests, data: rows.map((row) => row.requests) }
                    : { name: s.volume, data: rows.map((row) => row.volumeCents / 100) },
                ]}
              />
            ))}
          </Figure>
        );
      })}
    </div>
  );
}

function Figure(props: {
  id: string;
  title: string;
  caption: string;
  empty?: string | null;
  table: ReactNode;
  children: ReactNode;
}) {
  return (
    <figure className="card dash-figure" data-chart={props.id} aria-labelledby={`chart-${props.id}`}>
      <figcaption id={`chart-${props.id}`}>{props.title}</figcaption>
      {props.empty ? <p className="muted">{props.empty}</p> : props.children}
      <details>
        <summary>{props.caption}</summary>
        {/* A named region the keyboard can reach, so a table wider than the card can be scrolled (WCAG 2.1.1). */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard. */}
        <section className="dash-table-frame" aria-label={props.caption} tabIndex={0}>
          {props.table}
        </section>
      </details>
    </figure>
  );
}

function Table({ head, rows }: { head: string[]; rows: string[][] }) {
  // Cells are keyed by their column's heading: the columns are fixed, one per heading.
  const cells = (row: string[]) => row.map((cell, column) => ({ cell, heading: head[column] ?? String(column) }));
  return (
    <table className="dash-table">
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.join('|')}>
            {cells(row).map(({ cell, heading }) =>
              heading === head[0] ? (
                <th key={heading} scope="row">
                  {cell}
                </th>
              ) : (
                <td key={heading}>{cell}</td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
