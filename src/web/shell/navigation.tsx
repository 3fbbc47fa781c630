// Side navigation (SPEC §2): the workspace switcher, New, one entry per bundle of the workspace sorted by
// name, then Workspace, Account and Sign Out.
import { Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { BundleSummary } from '../../common/contract/entities';
import { useBundleList } from '../api/list-queries';
import { bundleLabel } from '../lib/bundle-label';
import { WorkspaceSwitcher } from '../workspace/workspace-switcher';

/** The latest workflow is the last one in the bundle's list (SPEC §2). */
export function latestWorkflowPath(bundle: BundleSummary): string {
  const latest = bundle.workflows.at(-1);
  return `/view-bundle/${bundle.id}/${latest?.workflow_id ?? ''}`;
}

export function sortBundlesByName(bundles: BundleSummary[]): BundleSummary[] {
  return [...bundles].sort((a, b) =>
    bundleLabel(a).localeCompare(bundleLabel(b), undefined, { sensitivity: 'base' }),
  );
}

/** A link to one of the app's own pages, marked while that page is open. */
function PageLink({ to, label, onNavigate }: { to: string; label: string; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return <NavLink component={Link} to={to} label={label} active={pathname === to} onClick={onNavigate} />;
}

export function Navigation({ onNavigate, onSignOut }: { onNavigate: () => void; onSignOut: () => void }) {
  const { pathname } = useLocation();
  const bundles = useBundleList();

  return (
    <Stack gap={4} h="100%">
      <WorkspaceSwitcher />
      <Divider my={4} />
      <PageLink to="/new-bundle" label="New" onNavigate={onNavigate} />
      <PageLink to="/workflows" label="Workflows" onNavigate={onNavigate} />
      <Divider my={4} label="Bundles" labelPosition="left" />
      <ScrollArea style={{ flex: 1 }} type="auto">
        <nav aria-label="Bundles">
          {sortBundlesByName(bundles.data ?? []).map((bundle) => (
            <NavLink
              key={bundle.id}
              component={Link}
              to={latestWorkflowPath(bundle)}
              label={bundleLabel(bundle)}
              description={`${bundle.progress}%`}
              active={pathname.startsWith(`/view-bundle/${bundle.id}/`)}
              onClick={onNavigate}
            />
          ))}
          {bundles.data?.length === 0 && (
            <Text size="sm" c="dimmed" px="sm">
              No bundles yet.
            </Text>
          )}
        </nav>
      </ScrollArea>
      <Divider my={4} />
      <PageLink to="/workspace" label="Workspace" onNavigate={onNavigate} />
      <PageLink to="/account" label="Account" onNavigate={onNavigate} />
      <NavLink component="button" label="Sign Out" onClick={onSignOut} />
    </Stack>
  );
}
