import type { ReactNode } from 'react';
import { resultsReleaseRuleLabels, resultsReleaseRules } from '@shop/core';
import type { ProviderDashboard } from '@shop/client';
import { Button } from '../../components/button';
import { useActionForm, type FormAnswer } from '../../lib/form-answer';
import { dashboardActions, dashboardForms } from './dashboard-forms';
import { Answer, card } from './dashboard-ui';

/** The clinic's settings, for admins; `children` are the settings' further panels (the clinic's card). */
export function Settings({ dashboard, children }: { dashboard: ProviderDashboard; children?: ReactNode }) {
  const settings = useActionForm<FormAnswer>(dashboardForms.settings);
  const release = useActionForm<FormAnswer>(dashboardForms.resultsRelease);
  return (
    <section aria-labelledby="settings-heading" className="mt-12">
      <h2 id="settings-heading" className="text-2xl font-bold">
        Clinic settings
      </h2>
      <settings.fetcher.Form method="post" action={dashboardActions.settings} className={`${card} mt-4 space-y-3`}>
        <input type="hidden" name="_form" value={dashboardForms.settings} />
        <label className="flex items-start gap-3">
          <input type="checkbox" name="allClientsVisible" defaultChecked={dashboard.clinic.allClientsVisible} className="mt-1 h-5 w-5" />
          <span>
            <span className="font-semibold">Practitioners see all clients</span>
            <span className="block text-sm text-muted">
              Off: each practitioner sees the clients assigned to them. Admins and staff always see all.
            </span>
          </span>
        </label>
        <Button type="submit" variant="secondary" pending={settings.pending} pendingLabel="Saving…" className="py-2">
          Save
        </Button>
        <Answer answer={settings.answer} />
      </settings.fetcher.Form>
      <release.fetcher.Form method="post" action={dashboardActions.settings} className={`${card} mt-4 space-y-3`}>
        <input type="hidden" name="_form" value={dashboardForms.resultsRelease} />
        <fieldset>
          <legend className="font-semibold">Results release</legend>
          <p className="text-sm text-muted">
            When the results of the tests your clinic orders reach the client. Held results wait for the practitioner who ordered them to
            review and release them, with a note.
          </p>
          <div className="mt-2 space-y-2">
            {resultsReleaseRules.map((rule) => (
              <label key={rule} className="flex items-start gap-3">
                <input
                  type="radio"
                  name="resultsRelease"
                  value={rule}
                  defaultChecked={dashboard.clinic.resultsRelease === rule}
                  className="mt-1 h-5 w-5"
                />
                <span>{resultsReleaseRuleLabels[rule]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" variant="secondary" pending={release.pending} pendingLabel="Saving…" className="py-2">
          Save
        </Button>
        <Answer answer={release.answer} />
      </release.fetcher.Form>
      {children}
    </section>
  );
}
