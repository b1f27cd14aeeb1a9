import { employerInvitationMessages } from '@shop/core';
import { InvitationPage } from '../../components/account/invitation-page';
import { employerInvitationAction, employerInvitationLoader } from './business-portal-accept.server';
import type { Route } from './+types/business-portal-accept';

/** The invitation's link: a new address chooses its password here; an address with an account signs in with it and accepts. */
export function loader(args: Route.LoaderArgs) {
  return employerInvitationLoader(args);
}

export function action(args: Route.ActionArgs) {
  return employerInvitationAction(args);
}

// the link's token never leaves the shop, and the page is nobody's to find
export const meta = () => [
  { title: 'Accept your invitation | Base for business' },
  { name: 'referrer', content: 'same-origin' },
  { name: 'robots', content: 'noindex' },
];

export default function AcceptInvitation({ loaderData }: Route.ComponentProps) {
  const { invitation } = loaderData;
  return (
    <InvitationPage
      data={loaderData}
      title="Join your employer portal"
      intro={invitation ? <>You are invited to the employer portal of {invitation.groupName}.</> : null}
      acceptLabel="Accept the invitation"
      invalid={employerInvitationMessages.invalid}
      verb="accept"
    />
  );
}
