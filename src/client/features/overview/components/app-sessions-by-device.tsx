import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import type { DeviceSplit } from '#shared/contract/overview.ts';

import { Chart } from '../../../components/chart/chart.tsx';
import { ChartWidget } from '../../../components/widget-card/chart-widget.tsx';
import { ChangeBadge } from '../../../components/widget-card/change-badge.tsx';
import type { WidgetData } from '../../../components/widget-card/widget-export.ts';
import { fNumber } from '../../../lib/format.ts';
import { mySessions, usersSignedInOn } from './app-links.ts';
import { cardState, rangeFileName, type AppWidgetProps } from './app-widget.ts';
import { chartSvgIn } from '../../../components/chart/chart-image.ts';

export const devices = [
  'desktop',
  'mobile',
  'tablet',
  'other',
] as const satisfies readonly (keyof DeviceSplit)[];
type Device = (typeof devices)[number];

const total = (split: DeviceSplit) => devices.reduce((sum, device) => sum + split[device], 0);

/**
 * Sessions by device (the template's "current download" donut): sign-ins in the range by the device their
 * browser named, the workspace's for administrators and one's own otherwise, each with its change. A slice
 * (or its figure below the chart) opens, for administrators, the people who signed in from that device in
 * the range (the users list's device filter); for anyone else their own sessions, on their account's
 * Security tab, where members' card leads.
 */
export function AppSessionsByDevice({ overview, range, isAdmin }: AppWidgetProps & { isAdmin: boolean }) {
  const { t } = useTranslation();
  const drawing = useRef<HTMLDivElement>(null);
  const split = overview.data?.sessionsByDevice;
  const title = t('overview.app.sessionsByDevice.title');
  const label = (device: Device) => t(`overview.app.devices.${device}`);
  const navigate = useNavigate();
  const timeZone = overview.data?.range.timeZone ?? range.tz;
  const listOf = (device: Device) =>
    isAdmin ? usersSignedInOn(device, range.from, range.to, timeZone) : mySessions;
  const openLabel = (device: Device) =>
    t(isAdmin ? 'overview.app.sessionsByDevice.open' : 'overview.app.sessionsByDevice.openMine', {
      device: label(device),
    });
  const data: WidgetData<Device> = {
    columns: [
      { header: t('overview.app.columns.device'), value: label },
      { header: t('overview.app.columns.signIns'), value: (device) => split?.current[device] ?? 0 },
      { header: t('overview.app.columns.previous'), value: (device) => split?.previous[device] ?? 0 },
    ],
    rows: split ? devices : [],
  };
  return (
    <ChartWidget<Device>
      id="sessions-by-device"
      title={title}
      info={t(isAdmin ? 'overview.app.sessionsByDevice.info' : 'overview.app.sessionsByDevice.infoMine')}
      subheader={
        split &&
        total(split.current) + total(split.previous) > 0 && (
          <ChangeBadge
            value={total(split.current)}
            previous={total(split.previous)}
            periodLabel={range.previousLabel}
          />
        )
      }
      {...cardState(overview)}
      empty={split !== undefined && total(split.current) === 0}
      emptyText={t('overview.app.sessionsByDevice.empty')}
      data={data}
      image={() => chartSvgIn(drawing.current)}
      fileName={rangeFileName('sessions-by-device', range)}
      list={isAdmin ? undefined : { to: mySessions }}
      height={300}
      sx={{ height: 1 }}
    >
      {split && (
        <Box ref={drawing}>
          <Chart
            type="donut"
            title={title}
            totalLabel={t('overview.app.sessionsByDevice.total')}
            height={260}
            slices={devices.map((device) => ({ label: label(device), value: split.current[device] }))}
            onItemClick={({ dataIndex }) => {
              const device = devices[dataIndex];
              if (device) void navigate(listOf(device));
            }}
            itemActionLabel={({ dataIndex }) => openLabel(devices[dataIndex] ?? 'other')}
          />
          <Box
            component="ul"
            sx={{
              m: 0,
              mt: 2,
              p: 0,
              listStyle: 'none',
              display: 'grid',
              gap: 1,
              gridTemplateColumns: '1fr 1fr',
            }}
          >
            {devices.map((device) => (
              <Box component="li" key={device} sx={{ minWidth: 0 }}>
                <Link
                  component={RouterLink}
                  to={listOf(device)}
                  variant="body2"
                  color="text.secondary"
                  aria-label={openLabel(device)}
                >
                  {label(device)}
                </Link>
                <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
                  <Typography variant="subtitle1" component="span">
                    {fNumber(split.current[device])}
                  </Typography>
                  <ChangeBadge value={split.current[device]} previous={split.previous[device]} />
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </ChartWidget>
  );
}
