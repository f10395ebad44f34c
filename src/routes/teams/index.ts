import invitationAccept from './invitation-accept.ts';
import invitationRead from './invitation-read.ts';
import invitationsRevoke from './invitations-revoke.ts';
import membersInvite from './members-invite.ts';
import membersList from './members-list.ts';
import membersRemove from './members-remove.ts';
import membersUpdate from './members-update.ts';
import methods from './methods.ts';
import oidcCallback from './oidc-callback.ts';
import oidcStart from './oidc-start.ts';
import passwordReset from './password-reset.ts';
import passwordResetComplete from './password-reset-complete.ts';
import session from './session.ts';
import signIn from './sign-in.ts';
import signOut from './sign-out.ts';
import signOutEverywhere from './sign-out-everywhere.ts';
import switchProject from './switch-project.ts';
import totpConfirm from './totp-confirm.ts';
import totpDisable from './totp-disable.ts';
import totpEnrol from './totp-enrol.ts';

export default [
  methods,
  signIn,
  oidcStart,
  oidcCallback,
  signOut,
  signOutEverywhere,
  session,
  switchProject,
  passwordReset,
  passwordResetComplete,
  invitationRead,
  invitationAccept,
  totpEnrol,
  totpConfirm,
  totpDisable,
  membersList,
  membersInvite,
  membersUpdate,
  membersRemove,
  invitationsRevoke,
];
