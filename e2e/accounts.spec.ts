import { expect, test } from './support/test';
import { acceptedPrivacyNotice, DEMO, logIn, recordPaths, registerAccount, uniqueEmail } from './support/accounts';

test('a new applicant signs up, verifies through the local mailbox, lands on /apply, and logs out cleanly', async ({
  page,
}) => {
  const email = uniqueEmail('new-applicant');
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Nova');
  await page.getByLabel('Last name').fill('Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-good-password-1');
  await page.getByLabel('Confirm password').fill('a-good-password-1');
  await page.getByRole('checkbox', { name: 'I have read the privacy notice and accept it' }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page.getByText(`A verification email has been sent to ${email}!`)).toBeVisible();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByText(`We sent a verification link to ${email}`)).toBeVisible();

  await page.getByRole('link', { name: 'open the local mailbox' }).click();
  await page.getByRole('link', { name: 'Verify your email address' }).click();

  await expect(page).toHaveURL(/\/apply$/);
  await expect(page.getByRole('heading', { name: 'Apply', exact: true })).toBeVisible();
  await expect(page.getByText('Demo Semester application')).toBeVisible();
  const keysWhileSignedIn = await page.evaluate(() =>
    (window as unknown as { __portalDebug: { cachedQueryKeys: () => unknown[] } }).__portalDebug.cachedQueryKeys(),
  );
  expect(keysWhileSignedIn.length).toBeGreaterThan(0);

  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(page.getByText('Apply to be a member!')).toBeVisible();
  const keysAfterLogout = await page.evaluate(() =>
    (window as unknown as { __portalDebug: { cachedQueryKeys: () => unknown[] } }).__portalDebug.cachedQueryKeys(),
  );
  expect(keysAfterLogout).toEqual([]);
});

test('a signed-in user sees the welcome back page with their role home', async ({ page }) => {
  await logIn(page, DEMO.director);
  await page.goto('/');
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await page.getByRole('button', { name: 'Enter Super Reviewer Home' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/');
  await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Apply to be a member!')).toBeVisible();
});

test('signed out, /apply/status asks for a login and then returns to /apply/status', async ({ page }) => {
  await page.goto('/apply/status');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, DEMO.applicant);
  await expect(page).toHaveURL(/\/apply\/status$/);
});

test('/login and /signup send a signed-in user home by role', async ({ page }) => {
  await logIn(page, DEMO.reviewer);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/admin$/);
});

test('an unverified user opening /apply lands on /verify', async ({ page }) => {
  const account = await registerAccount(page.request, uniqueEmail('unverified'));
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/verify$/);
  await page.goto('/apply');
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole('button', { name: 'Resend the verification email' })).toBeVisible();
});

test('an applicant opening a super-reviewer route is sent to /login (and from there home)', async ({ page }) => {
  await logIn(page, DEMO.applicant);
  const seenPaths = await recordPaths(page);
  await page.goto('/admin/dor/users');
  await expect(page).toHaveURL(/\/apply$/);
  const paths = await seenPaths();
  expect(paths).toContain('/login');
  expect(paths.indexOf('/login')).toBeGreaterThan(paths.indexOf('/admin/dor/users'));
});

test('forgot password: the reset link from the mailbox sets a new password that logs in', async ({ page }) => {
  const account = await registerAccount(page.request, uniqueEmail('forgetful'));
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByText(`If an account exists for ${account.email}, a reset link is on its way.`)).toBeVisible();

  await page.getByRole('link', { name: 'open the local mailbox' }).click();
  await page.getByRole('link', { name: 'Reset your password' }).click();
  await expect(page.getByText(`For ${account.email}`)).toBeVisible();
  await page.getByLabel('New password').fill('second-password-2');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  await page.getByRole('link', { name: 'Log in' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Incorrect email or password.')).toBeVisible();

  await page.getByLabel('Password').fill('second-password-2');
  await page.getByRole('button', { name: 'Log In' }).click();
  // Following the emailed reset link proves the address, so the account is verified now too.
  await expect(page).toHaveURL(/\/apply$/);
});

test('an address squatted at the identity provider is recovered by its owner: reset, log in, complete the profile', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('squatted');
  // Someone signs up with the address straight at the identity provider, bypassing the portal.
  const squatted = await page.request.post('/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key', {
    data: { email, password: 'squatter-pass-1', returnSecureToken: true },
  });
  expect(squatted.status(), await squatted.text()).toBe(200);
  const blocked = await page.request.post('/api/auth/register', {
    data: {
      email,
      password: 'owner-password-1',
      firstName: 'Olive',
      lastName: 'Owner',
      ...(await acceptedPrivacyNotice(page.request)),
    },
  });
  expect(blocked.status()).toBe(409);

  // The owner of the inbox resets the password, which proves the address.
  await page.goto('/forgotpassword');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByText(`If an account exists for ${email}, a reset link is on its way.`)).toBeVisible();
  await page.getByRole('link', { name: 'open the local mailbox' }).click();
  await page.getByRole('link', { name: 'Reset your password' }).click();
  await page.getByLabel('New password').fill('owner-password-1');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();

  await logIn(page, email, 'owner-password-1');
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page.getByText(`You are signed in as ${email}`)).toBeVisible();
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`complete-profile-${width}.png`), fullPage: true });
  }
  await page.getByLabel('First name').fill('Olive');
  await page.getByLabel('Last name').fill('Owner');
  await page.getByRole('checkbox', { name: 'I have read the privacy notice and accept it' }).check();
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is complete.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Apply', exact: true })).toBeVisible();
});
