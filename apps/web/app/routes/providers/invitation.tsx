import { providerMessages } from '@shop/core';
import { InvitationPage } from '../../components/account/invitation-page';
import { clinicInvitationAction, clinicInvitationLoader } from './invitation.server';
import type { Route } from './+types/invitation';

export function loader(args: Route.LoaderArgs) {
  return clinicInvitationLoader(args);
}

export function action(args: Route.ActionArgs) {
  return clinicInvitationAction(args);
}

// the link's token never leaves the shop, and the page is nobody's to find
export const meta = () => [
  { title: 'Join your clinic | Base for providers' },
  { name: 'referrer', content: 'same-origin' },
  { name: 'robots', content: 'noindex' },
];

export default function ClinicInvitation({ loaderData }: Route.ComponentProps) {
  const { invitation } = loaderData;
  return (
    <InvitationPage
      data={loaderData}
      title={`Join ${invitation?.clinicName ?? 'your clinic'}`}
      intro={
        invitation ? (
          <>
            Hi {invitation.name}, you are invited to the provider dashboard of {invitation.clinicName} as{' '}
            <strong>{invitation.roleLabel}</strong>.
          </>
        ) : null
      }
      acceptLabel={`Join ${invitation?.clinicName ?? 'your clinic'}`}
      invalid={providerMessages.invitationInvalid}
      verb="join"
    />
  );
}
