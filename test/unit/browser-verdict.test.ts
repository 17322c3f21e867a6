import { describe, expect, it } from 'vitest';
import { browserTestFiles, browserVerdict } from '../support/browser.ts';

const TESTS = ['test/e2e/web-ui.test.ts', 'test/unit/browser-engines.test.ts'];

describe('a test run without a browser', () => {
  it('runs the browser tests with the browser found', () => {
    expect(browserVerdict('/usr/bin/chromium', { CI: 'true' }, TESTS)).toEqual({
      run: true,
      path: '/usr/bin/chromium',
    });
  });

  it('outside CI leaves them out, saying in one line what to install and which tests that leaves out', () => {
    const verdict = browserVerdict(null, {}, TESTS);
    expect(verdict).toMatchObject({ run: false, fail: false });
    const message = verdict.run ? '' : verdict.message;
    expect(message).not.toContain('\n');
    expect(message).toContain('apt-get install chromium');
    expect(message).toContain('ANSWERWATCH_CHROME');
    expect(message).toContain(
      'Leaving out the browser tests in test/e2e/web-ui.test.ts, test/unit/browser-engines.test.ts.',
    );
  });

  it('names a browser path that was set but does not exist', () => {
    const verdict = browserVerdict(null, { ANSWERWATCH_CHROME: '/opt/none/chrome' }, TESTS);
    expect(verdict.run ? '' : verdict.message).toContain(
      '(ANSWERWATCH_CHROME=/opt/none/chrome does not exist)',
    );
  });

  it('on CI fails instead', () => {
    const verdict = browserVerdict(null, { CI: 'true' }, TESTS);
    expect(verdict).toMatchObject({ run: false, fail: true });
    expect(verdict.run ? '' : verdict.message).toMatch(/apt-get install chromium.*On CI \(CI=true\)/);
  });

  it('finds the browser tests by their call for the browser', () => {
    expect(browserTestFiles()).toEqual([
      'test/api/report-digest-mail.test.ts',
      'test/api/report-digest-people.test.ts',
      'test/api/report-digest-send.test.ts',
      'test/api/report-digests.test.ts',
      'test/api/report-mail.test.ts',
      'test/api/report-pdf.test.ts',
      'test/e2e/device-login.test.ts',
      'test/e2e/host-agent.test.ts',
      'test/e2e/passkeys.test.ts',
      'test/e2e/reports-cli.test.ts',
      'test/e2e/web-ui-actions.test.ts',
      'test/e2e/web-ui-alerts.test.ts',
      'test/e2e/web-ui-brand-truth.test.ts',
      'test/e2e/web-ui-cloud.test.ts',
      'test/e2e/web-ui-every-page.test.ts',
      'test/e2e/web-ui-first-run.test.ts',
      'test/e2e/web-ui-insights-month.test.ts',
      'test/e2e/web-ui-insights.test.ts',
      'test/e2e/web-ui-new-token.test.ts',
      'test/e2e/web-ui-people.test.ts',
      'test/e2e/web-ui-queries.test.ts',
      'test/e2e/web-ui-reports.test.ts',
      'test/e2e/web-ui-results.test.ts',
      'test/e2e/web-ui-settings.test.ts',
      'test/e2e/web-ui-setup.test.ts',
      'test/e2e/web-ui-site.test.ts',
      'test/e2e/web-ui-sso.test.ts',
      'test/e2e/web-ui-traffic.test.ts',
      'test/unit/browser-engines.test.ts',
      'test/unit/crawl/site-crawl.test.ts',
    ]);
  });
});
