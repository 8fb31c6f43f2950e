// A real OpenID Provider for the sign-in tests (tests/oidc_provider.py starts it):
// oidc-provider on the machine's Node.js, with accounts shaped as real providers send them
// (issue 34: an Entra account without a mailbox, Unilogin's full login with a uniid and no
// e-mail, Unilogin's lightweight login) and the clients of two schools, A and B, plus two
// clients of one school at this one issuer (a lightweight login and a full login). The
// signing key is fixed, so the tests can tell its tokens from forged ones. Usage: node provider.js PORT
import Provider from 'oidc-provider';

const port = Number(process.argv[2]);
const issuer = `http://127.0.0.1:${port}`;

// Login names of the dev login form = the accounts' pseudonyms (`sub`).
const ACCOUNTS = {
  'teacher-a': { email: 'tina@school-a.example', email_verified: true, name: 'Tina Teacher',
                 aktoer_gruppe: 'Medarbejder', school: 'A' },
  'pupil-a1': { given_name: 'Ada', aktoer_gruppe: 'Elev', school: 'A' },
  'pupil-a2': {},                                         // only `sub`, nothing else
  // Microsoft Entra ID, an account without a mailbox: no `email`, its user name instead.
  'teacher-entra': { preferred_username: 'eva@school-a.example', upn: 'eva.olsen@schoola.onmicrosoft.com',
                     name: 'Eva Olsen', roles: ['Teacher'] },
  // Unilogin's full login (MitID): a uniid, the role and the assurance level; no e-mail.
  'teacher-uni': { uniid: 'tina0042', aktoer_gruppe: 'Medarbejder', loa: 'substantial' },
  // Unilogin's lightweight login (picture or QR login for young pupils): a pseudonym and the role.
  'pupil-light': { aktoer_gruppe: 'Elev', loa: 'low' },
  // A school-domain address the provider has not verified: it must never make a teacher.
  'unverified-a': { email: 'tina@school-a.example', email_verified: false, aktoer_gruppe: 'Medarbejder' },
};

const client = (id) => ({
  client_id: `school-${id}`,
  client_secret: `secret-of-school-${id}`,
  grant_types: ['authorization_code'],
  response_types: ['code'],
  // Any port of this machine: the tests' apps listen on free ports (see redirectUriAllowed).
  redirect_uris: ['http://127.0.0.1/signin/1/callback'],
  post_logout_redirect_uris: ['http://127.0.0.1/'],
});

const configuration = {
  // School A's lightweight login (pupils) and full login (teachers): one issuer, two clients.
  clients: [client('a'), client('b'), client('a-light'), client('a-full')],
  jwks: { keys: [{"n": "u12SMYblQcgGW76L59gjFsbica9MJ061YRsJzTCtXJykxKIomaURWka1fExtL48VtYhjzbTUhV9UDqLtY5NqdlPOS_0FwaDaJCHiqBaQbWbdrlm6mVxodoJdm6sY-78trJFToRCsks0U8o1oSbEAb2wdSZTqZgVyhZsgJn2pAydYMga3XIv9BBMgXcPltNOCYEFU_t-3jQ_kQRQZn8ESmHpax6fx7SImZQO62o19l3kx5ZV9R-A-ijSrB1Kca9TsBwbnq504a0lZIrRXw82tuiaL08iYIjuiTZ6aX_Nks5k9V1KdghWGYL1xRIPG-oXiwvnXyJNDg0qUYOblthQ3-w", "e": "AQAB", "d": "lNhHb3NoceoJMDTqp71efqK1YnOA7nDkI0OwLQzKAXAGbphJohQnb_XwwPIqkBBz9sX2xOb504rDc-O_2dsRJKcZwmuEI-IXxY9naS4atbrXonkcAjyRn2xt_fESlcrKgVAtHFqv0ZN8vpYHRnZZ-SOey0iFPEvwKAWUJbeaVO-GjUYIibt27QoigLbFF6mb3PvYuqI_tOQdUw7NzFiMWis4u0Lb88RE5H3QsCcf84F4Y_2jKyZvJvO5b9oowAruGjfxd4ZY_8dx_KaE45JD-HxSCGRH-QE7KPd4b6pnI-Peq5QPyT11XwfmKgoDT5j4sRrgkibJ1RkYryymOVId", "p": "45oScIxmOsmwigOTYeNSckm_bhnMZMFV09E7HkShVfH3zOQRX8gIXlsKI_vsBHaFIf1AGKAxwezeDdxFr7H52AeRbCzc8Onh5VKROL1QnW6QXfCAFZwJxDiKedZ8sAlVWVC5nb76AOgixw7v8emENd4JC95lbs7Wrc41Fp35v-U", "q": "0r5LCoxW4U4BAQVQyXTPkFaCAk3OAWbt2c_tWRs4zJJOWeNeJo6yHyFF87JGXdZT1AEGjiOuNlLPZvyfFIoGux6pHZReOzG3MlQPLtbtrNTIsk-Lowkq2V9OsJA7V51bZDdRy8YuZty041nir7fAnzdPfTrAyOVVPzxiswM52l8", "dp": "WBGTFwfMuuy2KgFOMy9yBJUyxJio9Ue2PTsV5BVsVERHvXl2m5hcXJ5foyLk5akyxL8o4R6DgmV0Wuqj8GMuqP_srm4BpBrr9P9pAAqJOhHBPQhFl5cEVHAIbTKolrlV1DSfTkHKnTU1186Y3AOey_U5jOUmXKUefqxu8Gx6al0", "dq": "kIOXl_MmvLet7pJDlPI6R8NawdOy2blIj52LKBiHuZj2i6Nj89LUiI5blsKAiGap826EnUIQfAYLXZcMS5xfA0ACPlt4xuTPuH52LuuJ7oO34La1jaaCsK8vmdo-J1Wrzyw0NiV_ul_M1z7TOSYru8LFCp4Yh2rkK0nwcMtch8c", "qi": "ecNyUzm9BRWEbD4TJrRgCySkGg768SWBvIXVDZTTTxc3So6WP-tvQKZu3BK1QetHgEwOIIHh3OHss99oz8YUKzdcEyrXzF4tXRUpNpeTDK4JGxvemTAVhoFycvt2WYsJ-oLdtif1ZVY4nXEGi-gM5PcFdGOb6Q6Yzv0ytEam3Gw", "kid": "tweak-test-1", "use": "sig", "alg": "RS256", "kty": "RSA"}] },
  cookies: { keys: ['tweak-trainer-test-provider'] },
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name', 'given_name', 'preferred_username', 'upn', 'roles'],
    school: ['aktoer_gruppe', 'school'],
    unilogin: ['uniid', 'aktoer_gruppe', 'loa'],
  },
  // The claims asked for by scope go in the ID token too, as many school providers do.
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  features: {
    devInteractions: { enabled: true },   // its plain login and consent pages
    rpInitiatedLogout: { enabled: true },
  },
  async findAccount(ctx, sub) {
    if (!(sub in ACCOUNTS)) return undefined;
    return { accountId: sub, async claims() { return { sub, ...ACCOUNTS[sub] }; } };
  },
  loadExistingGrant: async (ctx) => {
    // Consent is implied: these are the school's own clients.
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId,
                                               accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid email profile school unilogin');
    await grant.save();
    return grant;
  },
};

const provider = new Provider(issuer, configuration);
// Test only: the apps under test run on free ports of 127.0.0.1, so any port there is
// accepted for the registered paths (a real provider compares the whole address).
const samePath = (registered, value) => {
  try {
    const url = new URL(value);
    return url.hostname === '127.0.0.1' && registered.some((r) => new URL(r).pathname === url.pathname
      || /^\/signin\/\d+\/callback$/.test(url.pathname));
  } catch { return false; }
};
provider.Client.prototype.redirectUriAllowed = function (value) { return samePath(this.redirectUris, value); };
provider.Client.prototype.postLogoutRedirectUriAllowed = function (value) {
  return samePath(this.postLogoutRedirectUris, value);
};
provider.listen(port, '127.0.0.1', () => { console.log(`listening ${issuer}`); });
