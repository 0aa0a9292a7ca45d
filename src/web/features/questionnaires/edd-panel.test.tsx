import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EddInfoResult } from '../../../shared/api/edd.ts';
import { SHIPPED_LANGUAGES } from '../../../shared/languages.ts';
import { envelope, installFetch, resetRequestLayer } from '../../lib/http/testing.ts';
import { EddPanel } from './components/edd-panel.tsx';
import { renderQuestionnaire } from './test-utils.tsx';

/** The EDD panel on the EDD questionnaires' screens (decision 028): one state per §4 EDDStatus_*. */
const UNKNOWN: EddInfoResult = { eddStatus: 'EDDStatus_Unknown', templates: [], nextTemplateCode: '', submittedAt: null, decidedAt: null, rejection: null };
const TEMPLATES = (sent: boolean[]): EddInfoResult['templates'] =>
  ['eddQuestionnaire', 'sourceOfFundsWealth'].map((templateCode, i) => ({ templateCode, requestId: sent[i] ? `r${i}` : null, status: sent[i] ? 'QUESTIONNAIRE_STATUS_PENDING' : 'QUESTIONNAIRE_STATUS_UNSUBMIT', submitted: sent[i]! }));

function serve(info: EddInfoResult | 'error') {
  installFetch((call) => {
    if (!call.url.includes('/get-edd-info')) return envelope({}, 10011, 'not found');
    return info === 'error' ? envelope({}, 10016, 'server error') : envelope(info);
  });
}

beforeEach(() => resetRequestLayer());
afterEach(() => vi.unstubAllGlobals());

describe('EDD panel', () => {
  it('_Unknown: nothing is shown', async () => {
    serve(UNKNOWN);
    const { container } = renderQuestionnaire(<EddPanel code="eddQuestionnaire" />);
    await vi.waitFor(() => expect(container.querySelector('[aria-busy]')).toBeNull());
    expect(screen.queryByTestId('edd-panel')).toBeNull();
  });

  it('_UnSubmit: what is asked, what is sent, and the next questionnaire', async () => {
    serve({ ...UNKNOWN, eddStatus: 'EDDStatus_UnSubmit', templates: TEMPLATES([true, false]), nextTemplateCode: 'sourceOfFundsWealth' });
    renderQuestionnaire(<EddPanel code="eddQuestionnaire" />);
    const panel = await screen.findByTestId('edd-panel');
    expect(panel).toHaveAttribute('data-status', 'EDDStatus_UnSubmit');
    expect(panel).toHaveTextContent('1 of 2 sent');
    expect(screen.getByTestId('edd-next')).toHaveAttribute('href', '/sourceOfFundsWealth');
  });

  it('_Reviewing, _Pass: what happens next', async () => {
    serve({ ...UNKNOWN, eddStatus: 'EDDStatus_Reviewing', templates: TEMPLATES([true, true]) });
    renderQuestionnaire(<EddPanel code="sourceOfFundsWealth" />);
    expect(await screen.findByTestId('edd-panel')).toHaveTextContent('the result will appear here');
    cleanup();
    resetRequestLayer();
    serve({ ...UNKNOWN, eddStatus: 'EDDStatus_Pass', templates: TEMPLATES([true, true]) });
    renderQuestionnaire(<EddPanel code="sourceOfFundsWealth" />);
    expect(await screen.findByTestId('edd-panel')).toHaveTextContent('nothing more is needed');
  });

  it("_Reject: the reviewer's message, and a new round where allowed; none after a final rejection", async () => {
    serve({ ...UNKNOWN, eddStatus: 'EDDStatus_Reject', templates: TEMPLATES([true, true]), nextTemplateCode: 'eddQuestionnaire', rejection: { message: 'Send a newer payslip.', final: false } });
    renderQuestionnaire(<EddPanel code="sourceOfFundsWealth" />);
    expect(await screen.findByTestId('edd-panel')).toHaveTextContent('Send a newer payslip.');
    expect(screen.getByTestId('edd-next')).toHaveAttribute('href', '/eddQuestionnaire');
    cleanup();
    resetRequestLayer();
    serve({ ...UNKNOWN, eddStatus: 'EDDStatus_Reject', templates: TEMPLATES([true, true]), rejection: { message: '', final: true } });
    renderQuestionnaire(<EddPanel code="sourceOfFundsWealth" />);
    expect(await screen.findByTestId('edd-panel')).toHaveTextContent('this decision is final');
    expect(screen.queryByTestId('edd-next')).toBeNull();
  });

  it('a failed load says so, with a retry', async () => {
    serve('error');
    renderQuestionnaire(<EddPanel code="eddQuestionnaire" />);
    expect(await screen.findByText('Your due diligence status could not be loaded.')).toBeInTheDocument();
  });

  it.each(SHIPPED_LANGUAGES)('%s: every state has its text (no key shows)', async (lng) => {
    for (const info of [
      { ...UNKNOWN, eddStatus: 'EDDStatus_UnSubmit', templates: TEMPLATES([false, false]), nextTemplateCode: 'eddQuestionnaire' },
      { ...UNKNOWN, eddStatus: 'EDDStatus_Reject', templates: TEMPLATES([true, true]), nextTemplateCode: 'eddQuestionnaire', rejection: { message: 'x', final: false } },
    ] as EddInfoResult[]) {
      resetRequestLayer();
      serve(info);
      renderQuestionnaire(<EddPanel code="sourceOfFundsWealth" />, lng);
      const panel = await screen.findByTestId('edd-panel');
      expect(panel.textContent).not.toMatch(/edd\.|questionnaires\./);
      cleanup();
    }
  });
});
