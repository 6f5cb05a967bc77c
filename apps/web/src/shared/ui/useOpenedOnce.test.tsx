import { describe, expect, it } from 'vitest';
import { mount } from '#web/shared/testing/mount.tsx';
import { useOpenedOnce } from './useOpenedOnce.ts';

function Probe({ open }: { open: boolean }) {
  return <span>{useOpenedOnce(open) ? 'mounted' : 'not yet'}</span>;
}

describe('useOpenedOnce', () => {
  it('is false until the dialog first opens, then stays true when it closes', () => {
    const host = mount(<Probe open={false} />);
    expect(host.textContent).toBe('not yet');
    host.rerender(<Probe open />);
    expect(host.textContent).toBe('mounted');
    host.rerender(<Probe open={false} />);
    expect(host.textContent).toBe('mounted');
  });
});
