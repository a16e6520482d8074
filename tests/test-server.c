/* test-server.c: the phones' private views (docs/phones.md) — pairing
 * once and for five minutes, the rate limits, a token for one viewer
 * only, revocation; over loopback with libsoup's client: every response
 * and WebSocket message to one side checked against the other side's
 * secrets (P-28, P-37 step 2: hidden units, their piles and decoys,
 * sealed notes and mines stay the side's), and a phone's command in the
 * journal as the private view's is (P-28)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <libsoup/soup.h>

#include "sl-command-new.h"
#include "sl-table-model.h"

#include "sl-server.h"
#include "sl-test-game.h"
#include "sl-game-private.h"
#include "sl-pairing-private.h"
#include "sl-server-private.h"

/* The Commonwealth's secrets in sl_test_game_new_hide_and_seek: where Cole
 * lies, the mine it wrote down, the sensor it sealed. */
static const char * const cw_secrets[] = {
  "ZULU-9 behind the crates", "QUEBEC-4 by the old well", "YANKEE-2 on the roof", NULL
};

/* A clock for the pairing that the test moves on. */
static gint64 fake_now = 1000000;

static gint64
fake_clock (gpointer data)
{
  (void) data;
  return fake_now;
}

/* Pairing without the network */

/* An invitation pairs once, by its link or by its code; a new one is
 * made after; it lasts five minutes. */
static void
test_pairing_once (void)
{
  g_autoptr(SlPairing) p = sl_pairing_new ();
  const SlInvitation *inv;
  g_autofree char *token = NULL;
  g_autofree char *again = NULL;
  char secret[33], code[7];
  SlViewer viewer = -99;

  sl_pairing_set_clock (p, fake_clock, NULL);
  inv = sl_pairing_invite (p, 1);
  g_assert_cmpuint (strlen (inv->secret), ==, 32);
  g_assert_cmpuint (strlen (inv->code), ==, 6);
  memcpy (secret, inv->secret, sizeof secret);
  memcpy (code, inv->code, sizeof code);
  /* Asked again, the same invitation. */
  g_assert_cmpstr (sl_pairing_invite (p, 1)->secret, ==, secret);

  g_assert_cmpint (sl_pairing_pair (p, NULL, code, "10.0.0.2", "Phone", &viewer, &token, NULL), ==, SL_PAIR_OK);
  g_assert_cmpint (viewer, ==, 1);
  g_assert_cmpuint (strlen (token), ==, 64);
  g_assert_nonnull (sl_pairing_lookup (p, token));
  g_assert_cmpint (sl_pairing_lookup (p, token)->viewer, ==, 1);
  /* Used: neither the code nor the link works again. */
  g_assert_cmpint (sl_pairing_pair (p, NULL, code, "10.0.0.2", "Phone", &viewer, &again, NULL), ==, SL_PAIR_WRONG);
  g_assert_cmpint (sl_pairing_pair (p, secret, NULL, "10.0.0.2", "Phone", &viewer, &again, NULL), ==, SL_PAIR_WRONG);
  g_assert_null (again);
  /* A new invitation, another secret. */
  g_assert_cmpstr (sl_pairing_invite (p, 1)->secret, !=, secret);
}

static void
test_pairing_expiry (void)
{
  g_autoptr(SlPairing) p = sl_pairing_new ();
  g_autofree char *token = NULL;
  char secret[33];
  SlViewer viewer;

  sl_pairing_set_clock (p, fake_clock, NULL);
  memcpy (secret, sl_pairing_invite (p, SL_VIEWER_REFEREE)->secret, sizeof secret);
  fake_now += SL_PAIRING_INVITATION_LIFETIME - 1;
  g_assert_cmpstr (sl_pairing_invite (p, SL_VIEWER_REFEREE)->secret, ==, secret);
  fake_now += 1;
  /* Five minutes on: expired, and a new one in its place. */
  g_assert_cmpint (sl_pairing_pair (p, secret, NULL, "10.0.0.3", "Phone", &viewer, &token, NULL), ==, SL_PAIR_WRONG);
  g_assert_cmpstr (sl_pairing_invite (p, SL_VIEWER_REFEREE)->secret, !=, secret);
}

/* Five wrong tries a minute from one address, twenty from all. */
static void
test_pairing_rate_limit (void)
{
  g_autoptr(SlPairing) p = sl_pairing_new ();
  g_autofree char *token = NULL;
  char code[7];
  SlViewer viewer;
  guint retry = 0;

  sl_pairing_set_clock (p, fake_clock, NULL);
  memcpy (code, sl_pairing_invite (p, 0)->code, sizeof code);
  for (int i = 0; i < SL_PAIRING_LIMIT_PER_ADDRESS; i++)
    {
      g_assert_cmpint (sl_pairing_pair (p, NULL, "abcdef", "10.0.0.9", "x", &viewer, &token, &retry), ==, SL_PAIR_WRONG);
      fake_now += G_USEC_PER_SEC;
    }
  /* Even the right code is refused from there now … */
  g_assert_cmpint (sl_pairing_pair (p, NULL, code, "10.0.0.9", "x", &viewer, &token, &retry), ==, SL_PAIR_LIMITED);
  g_assert_cmpuint (retry, >, 50);
  g_assert_cmpuint (retry, <=, 60);
  /* … not from another address. */
  g_assert_cmpint (sl_pairing_pair (p, NULL, "abcdef", "10.0.0.10", "x", &viewer, &token, &retry), ==, SL_PAIR_WRONG);
  /* A minute after its first wrong try, the address may try again. */
  fake_now += SL_PAIRING_LIMIT_WINDOW - 4 * G_USEC_PER_SEC;
  g_assert_cmpint (sl_pairing_pair (p, NULL, code, "10.0.0.9", "x", &viewer, &token, &retry), ==, SL_PAIR_OK);
  g_clear_pointer (&token, g_free);

  /* Twenty from many addresses stop everyone. */
  fake_now += 2 * SL_PAIRING_LIMIT_WINDOW;
  memcpy (code, sl_pairing_invite (p, 0)->code, sizeof code);
  for (int i = 0; i < SL_PAIRING_LIMIT_ALL; i++)
    {
      g_autofree char *address = g_strdup_printf ("10.0.1.%d", i);

      g_assert_cmpint (sl_pairing_pair (p, NULL, "abcdef", address, "x", &viewer, &token, &retry), ==, SL_PAIR_WRONG);
    }
  g_assert_cmpint (sl_pairing_pair (p, NULL, code, "10.0.2.1", "x", &viewer, &token, &retry), ==, SL_PAIR_LIMITED);
}

static void
test_pairing_revoke (void)
{
  g_autoptr(SlPairing) p = sl_pairing_new ();
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  SlViewer viewer;
  char code[7];
  const SlDevice *device;

  sl_pairing_set_clock (p, fake_clock, NULL);
  memcpy (code, sl_pairing_invite (p, 0)->code, sizeof code);
  g_assert_cmpint (sl_pairing_pair (p, NULL, code, "10.0.0.2", "A", &viewer, &a, NULL), ==, SL_PAIR_OK);
  memcpy (code, sl_pairing_invite (p, 1)->code, sizeof code);
  g_assert_cmpint (sl_pairing_pair (p, NULL, code, "10.0.0.3", "B", &viewer, &b, NULL), ==, SL_PAIR_OK);
  g_assert_cmpstr (a, !=, b);
  g_assert_cmpuint (sl_pairing_get_devices (p)->len, ==, 2);
  device = sl_pairing_lookup (p, a);
  g_assert_true (sl_pairing_revoke (p, device->id));
  g_assert_null (sl_pairing_lookup (p, a));
  g_assert_nonnull (sl_pairing_lookup (p, b));
  g_assert_false (sl_pairing_revoke (p, 999));
  /* Twelve hours on, the session is over. */
  fake_now += SL_PAIRING_SESSION_LIFETIME;
  g_assert_null (sl_pairing_lookup (p, b));
  g_assert_cmpuint (sl_pairing_get_devices (p)->len, ==, 0);
}

/* Over loopback */

typedef struct
{
  char        *dir;
  SlGame      *game;
  SlServer    *server;
  SoupSession *session;
  char        *base;
} Fixture;

typedef struct
{
  GBytes  *body;
  guint    status;
  char    *cookie;        /* the session cookie it set, or NULL */
  char    *set_cookie;    /* the whole header */
  char    *retry_after;
  gboolean done;
} Response;

static void
response_clear (Response *r)
{
  g_clear_pointer (&r->body, g_bytes_unref);
  g_clear_pointer (&r->cookie, g_free);
  g_clear_pointer (&r->set_cookie, g_free);
  g_clear_pointer (&r->retry_after, g_free);
}

/* The server's certificate is the one it says: the fingerprint the
 * sharing window and the phone's page show. */
static gboolean
accept_certificate_cb (SoupMessage          *msg,
                       GTlsCertificate      *certificate,
                       GTlsCertificateFlags  errors,
                       Fixture              *f)
{
  g_autoptr(GByteArray) der = NULL;
  g_autoptr(GString) print = g_string_new (NULL);
  guint8 digest[32];
  gsize size = sizeof digest;
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA256);

  (void) msg; (void) errors;
  g_object_get (certificate, "certificate", &der, NULL);
  g_checksum_update (sum, der->data, der->len);
  g_checksum_get_digest (sum, digest, &size);
  for (gsize i = 0; i < size; i++)
    g_string_append_printf (print, "%s%02X", i > 0 ? ":" : "", digest[i]);
  g_assert_cmpstr (print->str, ==, sl_server_get_fingerprint (f->server));
  return TRUE;
}

static void
sent_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  Response *r = data;
  g_autoptr(GError) error = NULL;

  r->body = soup_session_send_and_read_finish (SOUP_SESSION (source), result, &error);
  g_assert_no_error (error);
  r->done = TRUE;
}

static void
spin_until (gboolean *done)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!*done)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
}

/* A request to the server, with the device's @cookie (may be NULL). */
static void
request (Fixture    *f,
         const char *method,
         const char *path,
         const char *cookie,
         const char *json,
         Response   *r)
{
  g_autofree char *url = g_strconcat (f->base, path, NULL);
  g_autoptr(SoupMessage) msg = soup_message_new (method, url);
  SoupMessageHeaders *h = soup_message_get_request_headers (msg);

  memset (r, 0, sizeof *r);
  g_signal_connect (msg, "accept-certificate", G_CALLBACK (accept_certificate_cb), f);
  soup_message_set_flags (msg, SOUP_MESSAGE_NO_REDIRECT);
  if (cookie != NULL)
    {
      g_autofree char *value = g_strconcat (SL_SERVER_COOKIE "=", cookie, NULL);

      soup_message_headers_replace (h, "Cookie", value);
    }
  if (json != NULL)
    {
      g_autoptr(GBytes) body = g_bytes_new (json, strlen (json));

      soup_message_set_request_body_from_bytes (msg, "application/json", body);
    }
  soup_session_send_and_read_async (f->session, msg, G_PRIORITY_DEFAULT, NULL, sent_cb, r);
  spin_until (&r->done);
  r->status = soup_message_get_status (msg);
  {
    SoupMessageHeaders *rh = soup_message_get_response_headers (msg);
    const char *set = soup_message_headers_get_one (rh, "Set-Cookie");
    const char *retry = soup_message_headers_get_one (rh, "Retry-After");

    g_assert_cmpstr (soup_message_headers_get_one (rh, "Cache-Control"), ==, "no-store");
    g_assert_cmpstr (soup_message_headers_get_one (rh, "X-Content-Type-Options"), ==, "nosniff");
    g_assert_nonnull (soup_message_headers_get_one (rh, "Content-Security-Policy"));
    if (set != NULL)
      {
        r->set_cookie = g_strdup (set);
        if (g_str_has_prefix (set, SL_SERVER_COOKIE "=") && set[strlen (SL_SERVER_COOKIE "=")] != ';')
          r->cookie = g_strndup (set + strlen (SL_SERVER_COOKIE "="), strcspn (set + strlen (SL_SERVER_COOKIE "="), ";"));
      }
    r->retry_after = g_strdup (retry);
  }
}

static const char *
body_text (Response *r)
{
  return r->body != NULL ? g_bytes_get_data (r->body, NULL) : NULL;
}

static char *
body_string (Response *r)
{
  gsize n = 0;
  const char *data = r->body != NULL ? g_bytes_get_data (r->body, &n) : "";

  return g_strndup (data, n);
}

/* Nothing of the Commonwealth's secrets in @text (any case); and no pile
 * told whose unit lies under it. */
static void
assert_keeps_cw_secrets (const char *text)
{
  g_autofree char *lower = g_utf8_strdown (text, -1);

  for (guint i = 0; cw_secrets[i] != NULL; i++)
    {
      g_autofree char *secret = g_utf8_strdown (cw_secrets[i], -1);

      if (strstr (lower, secret) != NULL)
        g_error ("a secret of the Commonwealth (%s) in what TOG is sent: %s", cw_secrets[i], text);
    }
  g_assert_null (strstr (text, "\"unit\":\"c\""));
  g_assert_null (strstr (text, "\"decoy\""));
  if (strstr (text, "\"pile\":") != NULL)
    g_error ("a pile named in what TOG is sent: %.300s", strstr (text, "\"pile\":") - 150);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *certificate = NULL;

  (void) data;
  f->dir = g_dir_make_tmp ("squadlog-phones-XXXXXX", &error);
  g_assert_no_error (error);
  certificate = g_build_filename (f->dir, "phones", "certificate.pem", NULL);
  f->game = sl_test_game_new_hide_and_seek (FALSE);
  f->server = sl_server_new (f->game);
  g_assert_true (sl_server_start (f->server, "127.0.0.1", 0, certificate, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (sl_server_get_port (f->server), >, 0);
  f->base = g_strdup_printf ("https://127.0.0.1:%u", sl_server_get_port (f->server));
  f->session = soup_session_new ();
  /* Kept with its key, for this user only. */
  {
    GStatBuf st;

    g_assert_cmpint (g_stat (certificate, &st), ==, 0);
    g_assert_cmpint (st.st_mode & 0777, ==, 0600);
  }
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  (void) data;
  g_clear_object (&f->session);
  sl_server_stop (f->server);
  g_clear_object (&f->server);
  g_clear_object (&f->game);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  sl_test_remove_dir (f->dir);
  g_free (f->dir);
  g_free (f->base);
}

/* Pairs as @viewer by its link; returns the session token. */
static char *
pair (Fixture *f,
      SlViewer viewer)
{
  g_autofree char *link = sl_server_pairing_link (f->server, viewer, "127.0.0.1", NULL);
  Response r;
  char *cookie;

  request (f, "GET", strstr (link, "/pair?"), NULL, NULL, &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_nonnull (r.cookie);
  cookie = g_steal_pointer (&r.cookie);
  response_clear (&r);
  return cookie;
}

static SlViewer
side (Fixture    *f,
      const char *id)
{
  return sl_setup_find_side (sl_game_get_setup (f->game), id);
}

/* Pairing by the link sets the cookie as the design wants it; the link
 * works once; without the cookie, only the pairing page. */
static void
test_server_pair_link (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *link = sl_server_pairing_link (f->server, side (f, "cw"), "127.0.0.1", NULL);
  const char *path = strstr (link, "/pair?");
  g_autofree char *cookie = NULL;
  g_autofree char *view = NULL;
  Response r;

  (void) data;
  g_assert_true (g_str_has_prefix (link, f->base));
  request (f, "GET", path, NULL, NULL, &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_SEE_OTHER);
  g_assert_nonnull (strstr (r.set_cookie, "; Secure"));
  g_assert_nonnull (strstr (r.set_cookie, "; HttpOnly"));
  g_assert_nonnull (strstr (r.set_cookie, "; SameSite=Strict"));
  g_assert_nonnull (strstr (r.set_cookie, "; Path=/"));
  cookie = g_steal_pointer (&r.cookie);
  response_clear (&r);

  /* Once. */
  request (f, "GET", path, NULL, NULL, &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_FORBIDDEN);
  g_assert_null (r.cookie);
  response_clear (&r);

  /* Without a token: the pairing page, and nothing of the game. */
  for (guint i = 0; i < 4; i++)
    {
      static const char * const paths[] = { "/view.json", "/session.json", "/", "/command" };
      g_autofree char *text = NULL;

      request (f, i == 3 ? "POST" : "GET", paths[i], i == 1 ? "0123" : NULL, i == 3 ? "{\"command\":\"reveal\",\"note\":1}" : NULL, &r);
      g_assert_cmpuint (r.status, ==, i == 2 ? SOUP_STATUS_OK : SOUP_STATUS_UNAUTHORIZED);
      text = body_string (&r);
      g_assert_nonnull (strstr (text, "data-page=\"pair\""));
      g_assert_null (strstr (text, "Cole"));
      response_clear (&r);
    }
  g_assert_cmpuint (sl_game_get_n_entries (f->game), ==, 3);

  /* With it: the side's view. */
  request (f, "GET", "/view.json", cookie, NULL, &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_OK);
  view = body_string (&r);
  g_assert_nonnull (strstr (view, "\"viewer\":\"cw\""));
  g_assert_nonnull (strstr (view, "ZULU-9 behind the crates"));
  response_clear (&r);
  request (f, "GET", "/", cookie, NULL, &r);
  g_assert_nonnull (strstr (body_text (&r), "data-page=\"view\""));
  response_clear (&r);
}

/* By code; wrong codes answered 403, then 429 with Retry-After. */
static void
test_server_pair_code (Fixture       *f,
                       gconstpointer  data)
{
  g_autofree char *code = NULL;
  g_autofree char *link = sl_server_pairing_link (f->server, SL_VIEWER_REFEREE, "127.0.0.1", &code);
  g_autofree char *body = g_strdup_printf ("{\"code\": \"%s\"}", code);
  g_autofree char *text = NULL;
  Response r;

  (void) data;
  request (f, "POST", "/pair", NULL, body, &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_OK);
  g_assert_nonnull (r.cookie);
  text = body_string (&r);
  g_assert_nonnull (strstr (text, "\"viewer\":\"referee\""));
  response_clear (&r);
  /* Used. */
  request (f, "POST", "/pair", NULL, body, &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_FORBIDDEN);
  response_clear (&r);
  for (int i = 1; i < SL_PAIRING_LIMIT_PER_ADDRESS; i++)
    {
      request (f, "POST", "/pair", NULL, "{\"code\": \"000000x\"}", &r);
      g_assert_cmpuint (r.status, ==, SOUP_STATUS_FORBIDDEN);
      response_clear (&r);
    }
  g_free (code);
  g_free (link);
  link = sl_server_pairing_link (f->server, SL_VIEWER_REFEREE, "127.0.0.1", &code);
  g_free (body);
  body = g_strdup_printf ("{\"code\": \"%s\"}", code);
  request (f, "POST", "/pair", NULL, body, &r);
  g_assert_cmpuint (r.status, ==, 429);
  g_assert_nonnull (r.retry_after);
  g_assert_cmpint (atoi (r.retry_after), >, 0);
  g_assert_null (r.cookie);
  response_clear (&r);
  /* Not JSON: refused before it counts as a try. */
  request (f, "POST", "/pair", NULL, "code=1", &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_BAD_REQUEST);
  response_clear (&r);
}

/* Each device is sent its viewer's view: TOG's holds nothing of the
 * Commonwealth's secrets (P-28, P-37 step 2), the Commonwealth's and the
 * referee's hold them; a token opens its own viewer's only. */
static void
test_server_per_side (Fixture       *f,
                      gconstpointer  data)
{
  g_autofree char *tog = pair (f, side (f, "tog"));
  g_autofree char *cw = pair (f, side (f, "cw"));
  g_autofree char *referee = pair (f, SL_VIEWER_REFEREE);
  Response r;

  (void) data;
  request (f, "GET", "/view.json", tog, NULL, &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_OK);
  {
    g_autofree char *text = body_string (&r);

    g_assert_nonnull (strstr (text, "\"viewer\":\"tog\""));
    /* The public table is there: the piles by their labels, the seal codes. */
    g_assert_nonnull (strstr (text, "Pile C"));
    g_assert_nonnull (strstr (text, "\"seal\""));
    assert_keeps_cw_secrets (text);
  }
  response_clear (&r);
  request (f, "GET", "/session.json", tog, NULL, &r);
  g_assert_nonnull (strstr (body_text (&r), "\"viewer\":\"tog\""));
  response_clear (&r);

  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *text = NULL;

      request (f, "GET", "/view.json", i == 0 ? cw : referee, NULL, &r);
      text = body_string (&r);
      for (guint s = 0; cw_secrets[s] != NULL; s++)
        g_assert_nonnull (strstr (text, cw_secrets[s]));
      response_clear (&r);
    }
  /* The page's words and files hold nothing of the game. */
  request (f, "GET", "/strings.json", NULL, NULL, &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_OK);
  assert_keeps_cw_secrets (body_text (&r));
  response_clear (&r);
  request (f, "GET", "/static/app.js", NULL, NULL, &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_OK);
  response_clear (&r);
  request (f, "GET", "/nothing", tog, NULL, &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_NOT_FOUND);
  response_clear (&r);
}

/* A phone's command is the private view's: in the journal, undone;
 * refused with the core's words; another side's unit or note refused
 * alike whether it exists or not (P-28). */
static void
test_server_command (Fixture       *f,
                     gconstpointer  data)
{
  g_autofree char *tog = pair (f, side (f, "tog"));
  g_autofree char *cw = pair (f, side (f, "cw"));
  g_autoptr(GError) error = NULL;
  guint n = sl_game_get_n_entries (f->game);
  Response r;

  (void) data;
  /* TOG may not hide a Commonwealth unit, nor reveal its note, nor one
   * that is not there: the same answer. */
  request (f, "POST", "/command", tog, "{\"command\":\"hide\",\"unit\":\"c2\",\"pile\":\"Pile E\"}", &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_FORBIDDEN);
  response_clear (&r);
  {
    g_autofree char *one = NULL;
    g_autofree char *none = NULL;

    request (f, "POST", "/command", tog, "{\"command\":\"reveal\",\"note\":1}", &r);
    g_assert_cmpuint (r.status, ==, SOUP_STATUS_FORBIDDEN);
    one = body_string (&r);
    response_clear (&r);
    request (f, "POST", "/command", tog, "{\"command\":\"reveal\",\"note\":77}", &r);
    none = body_string (&r);
    g_assert_cmpstr (one, ==, none);
    response_clear (&r);
  }
  g_assert_cmpuint (sl_game_get_n_entries (f->game), ==, n);

  /* The Commonwealth hides Amari from its phone. */
  request (f, "POST", "/command", cw,
           "{\"command\":\"hide\",\"unit\":\"c2\",\"pile\":\"Pile E\",\"decoys\":[\"Pile A\"],\"where\":\"under the stairs\"}", &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_OK);
  g_assert_nonnull (strstr (body_text (&r), "\"ok\":true"));
  response_clear (&r);
  g_assert_cmpuint (sl_game_get_n_entries (f->game), ==, n + 1);
  g_assert_cmpstr (json_object_get_string_member (json_node_get_object (sl_journal_entry_get_command (
                     sl_game_get_entry (f->game, n))), "type"), ==, "hide");
  g_assert_true (sl_game_get_state (f->game)->units[sl_test_unit (f->game, "c2")].hidden);
  sl_test_check_reload (f->game);
  /* TOG's view tells it nothing of where. */
  request (f, "GET", "/view.json", tog, NULL, &r);
  g_assert_null (strstr (body_text (&r), "under the stairs"));
  response_clear (&r);
  /* Undone on the laptop as any command. */
  g_assert_true (sl_game_undo (f->game));
  g_assert_cmpuint (sl_game_get_position (f->game), ==, n);

  /* Refused by the rules: the core's message, as sl_game_apply gives it. */
  {
    const SlSetup *setup = sl_game_get_setup (f->game);
    g_autoptr(JsonNode) command = sl_command_new_mine_lay (setup, sl_test_unit (f->game, "c"), "");
    g_autofree char *expected = NULL;
    g_autoptr(JsonParser) parser = json_parser_new ();

    g_assert_null (sl_game_apply (f->game, command, &error));
    expected = g_strdup (error->message);
    request (f, "POST", "/command", cw, "{\"command\":\"mine\",\"unit\":\"c\",\"where\":\"\"}", &r);
    g_assert_cmpuint (r.status, ==, 422);
    g_assert_true (json_parser_load_from_data (parser, body_text (&r), -1, NULL));
    g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (
                       json_node_get_object (json_parser_get_root (parser)), "refusal"), "message"), ==, expected);
    response_clear (&r);
  }
  /* Not JSON; not a phone's command. */
  request (f, "POST", "/command", cw, "{\"command\":\"next\"}", &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_BAD_REQUEST);
  response_clear (&r);
  request (f, "POST", "/command", cw, "[1", &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_BAD_REQUEST);
  response_clear (&r);
  request (f, "POST", "/command", cw, "{\"command\":\"seal\",\"kind\":\"letter\",\"text\":\"x\"}", &r);
  g_assert_cmpuint (r.status, ==, SOUP_STATUS_BAD_REQUEST);
  response_clear (&r);
  /* A marker TOG is not shown is refused as one that is not there. */
  {
    g_autofree char *secret_marker = NULL;
    g_autofree char *no_marker = NULL;

    request (f, "POST", "/command", tog, "{\"command\":\"seal\",\"kind\":\"charge\",\"text\":\"x\",\"marker\":1}", &r);
    g_assert_cmpuint (r.status, ==, SOUP_STATUS_FORBIDDEN);
    secret_marker = body_string (&r);
    response_clear (&r);
    request (f, "POST", "/command", tog, "{\"command\":\"seal\",\"kind\":\"charge\",\"text\":\"x\",\"marker\":99}", &r);
    no_marker = body_string (&r);
    response_clear (&r);
    g_assert_cmpstr (secret_marker, ==, no_marker);
  }
  g_assert_cmpuint (sl_game_get_position (f->game), ==, n);
}

/* Live: a change on the laptop reaches every socket within a second,
 * each with its viewer's view; TOG's never with a secret of the
 * Commonwealth's; a revoked device is told and closed. */
typedef struct
{
  SoupWebsocketConnection *connection;
  GPtrArray               *messages;
  gboolean                 done;
  gboolean                 closed;
  GError                  *error;
} Socket;

static void
socket_message_cb (SoupWebsocketConnection *c,
                   int                      type,
                   GBytes                  *message,
                   Socket                  *s)
{
  gsize n;
  const char *data = g_bytes_get_data (message, &n);

  (void) c; (void) type;
  g_ptr_array_add (s->messages, g_strndup (data, n));
}

static void
socket_closed_cb (SoupWebsocketConnection *c,
                  Socket                  *s)
{
  (void) c;
  s->closed = TRUE;
}

static void
socket_connected_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      data)
{
  Socket *s = data;

  s->connection = soup_session_websocket_connect_finish (SOUP_SESSION (source), result, &s->error);
  if (s->connection != NULL)
    {
      g_signal_connect (s->connection, "message", G_CALLBACK (socket_message_cb), s);
      g_signal_connect (s->connection, "closed", G_CALLBACK (socket_closed_cb), s);
    }
  s->done = TRUE;
}

static void
socket_open (Fixture    *f,
             const char *cookie,
             Socket     *s)
{
  g_autofree char *url = g_strdup_printf ("wss://127.0.0.1:%u/socket", sl_server_get_port (f->server));
  g_autoptr(SoupMessage) msg = soup_message_new ("GET", url);
  char *protocols[] = { (char *) SL_SERVER_PROTOCOL, NULL };

  memset (s, 0, sizeof *s);
  s->messages = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (msg, "accept-certificate", G_CALLBACK (accept_certificate_cb), f);
  if (cookie != NULL)
    {
      g_autofree char *value = g_strconcat (SL_SERVER_COOKIE "=", cookie, NULL);

      soup_message_headers_replace (soup_message_get_request_headers (msg), "Cookie", value);
    }
  soup_session_websocket_connect_async (f->session, msg, NULL, protocols, G_PRIORITY_DEFAULT, NULL,
                                        socket_connected_cb, s);
  spin_until (&s->done);
}

static void
socket_clear (Socket *s)
{
  if (s->connection != NULL)
    {
      g_signal_handlers_disconnect_by_data (s->connection, s);
      if (soup_websocket_connection_get_state (s->connection) == SOUP_WEBSOCKET_STATE_OPEN)
        soup_websocket_connection_close (s->connection, SOUP_WEBSOCKET_CLOSE_NORMAL, NULL);
      g_clear_object (&s->connection);
    }
  g_clear_error (&s->error);
  g_ptr_array_unref (s->messages);
}

static void
wait_messages (Socket *s,
               guint   n,
               gint64  within)
{
  gint64 deadline = g_get_monotonic_time () + within;

  while (s->messages->len < n && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (s->messages->len, >=, n);
}

static void
test_server_socket (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *tog = pair (f, side (f, "tog"));
  g_autofree char *cw = pair (f, side (f, "cw"));
  Socket st, sc, none;
  const SlDevice *device;

  (void) data;
  /* No token: no socket. */
  socket_open (f, NULL, &none);
  g_assert_null (none.connection);
  g_assert_nonnull (none.error);
  socket_clear (&none);

  socket_open (f, tog, &st);
  g_assert_no_error (st.error);
  g_assert_cmpstr (soup_websocket_connection_get_protocol (st.connection), ==, SL_SERVER_PROTOCOL);
  socket_open (f, cw, &sc);
  g_assert_no_error (sc.error);
  /* Each socket brings the whole view as it opens. */
  wait_messages (&st, 1, G_USEC_PER_SEC);
  wait_messages (&sc, 1, G_USEC_PER_SEC);
  g_assert_cmpuint (sl_server_get_n_sockets (f->server), ==, 2);

  /* A command on the laptop: on both phones within a second. */
  sl_test_play (f->game, "{'type': 'hide', 'unit': 'c2', 'pile': 'Pile E', 'decoys': ['Pile A'], 'where': 'behind the boiler'}");
  wait_messages (&st, 2, G_USEC_PER_SEC);
  wait_messages (&sc, 2, G_USEC_PER_SEC);
  g_assert_nonnull (strstr (g_ptr_array_index (sc.messages, 1), "behind the boiler"));
  g_assert_true (g_str_has_prefix (g_ptr_array_index (st.messages, 1), "{\"type\":\"view\""));
  for (guint i = 0; i < st.messages->len; i++)
    {
      assert_keeps_cw_secrets (g_ptr_array_index (st.messages, i));
      g_assert_null (strstr (g_ptr_array_index (st.messages, i), "behind the boiler"));
    }

  /* Revoked: told, then closed with 4403; its token opens nothing. */
  device = sl_pairing_lookup (sl_server_get_pairing (f->server), cw);
  g_assert_true (sl_pairing_revoke (sl_server_get_pairing (f->server), device->id));
  {
    gint64 deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;

    while (!sc.closed && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, FALSE);
  }
  g_assert_true (sc.closed);
  g_assert_cmpint (soup_websocket_connection_get_close_code (sc.connection), ==, 4403);
  g_assert_cmpstr (g_ptr_array_index (sc.messages, sc.messages->len - 1), ==, "{\"type\":\"revoked\"}");
  {
    Response r;

    request (f, "GET", "/view.json", cw, NULL, &r);
    g_assert_cmpuint (r.status, ==, SOUP_STATUS_UNAUTHORIZED);
    response_clear (&r);
  }
  socket_clear (&sc);

  /* The server stopping: going away. */
  sl_server_stop (f->server);
  {
    gint64 deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;

    while (!st.closed && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, FALSE);
  }
  g_assert_true (st.closed);
  g_assert_cmpint (soup_websocket_connection_get_close_code (st.connection), ==, SOUP_WEBSOCKET_CLOSE_GOING_AWAY);
  socket_clear (&st);
}

/* Eight devices while 1 000 commands are applied: nothing lost (each
 * device's last view is its viewer's table model of the game as saved
 * and read again, as `squadlog replay --table VIEWER` prints it), nothing
 * leaked (TOG's devices never get a Commonwealth secret, P-28). */
static void
test_server_load (Fixture       *f,
                  gconstpointer  data)
{
  static const char * const ids[] = { "tog", "tog", "tog", "cw", "cw", "cw", "referee", "referee" };
  char *cookies[G_N_ELEMENTS (ids)];
  Socket sockets[G_N_ELEMENTS (ids)];
  const SlSetup *setup = sl_game_get_setup (f->game);
  g_autofree char *saved = NULL;
  g_autoptr(SlGame) replayed = NULL;
  g_autoptr(GError) error = NULL;

  (void) data;
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      SlViewer viewer;

      g_assert_true (sl_viewer_parse (setup, ids[i], &viewer, NULL));
      cookies[i] = pair (f, viewer);
      socket_open (f, cookies[i], &sockets[i]);
      g_assert_no_error (sockets[i].error);
    }
  for (guint n = 0; n < 1000; n++)
    {
      g_autofree char *command = NULL;

      /* A TOG unit's jam and a Commonwealth unit's, corrected by hand
       * (the correct command), in turn. */
      if (n % 2 == 0)
        command = g_strdup_printf ("{\"type\": \"correct\", \"unit\": \"eye\", \"field\": \"jammed\", \"value\": %s}",
                                   n % 4 == 0 ? "true" : "false");
      else
        command = g_strdup_printf ("{\"type\": \"correct\", \"unit\": \"c2\", \"field\": \"jammed\", \"value\": %s}",
                                   n % 4 == 1 ? "true" : "false");
      if (sl_game_apply_text (f->game, command, &error) == NULL)
        g_error ("command %u, %s: %s", n, command, error->message);
      if (n % 10 == 0)
        while (g_main_context_iteration (NULL, FALSE))
          ;
    }
  saved = sl_game_serialize (f->game);
  replayed = sl_game_load_from_data (sl_game_get_rules (f->game), saved, -1, "load", &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      SlViewer viewer;
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(JsonNode) expected = NULL;
      g_autofree char *want = NULL;
      g_autofree char *got = NULL;
      gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
      JsonObject *view;

      sl_viewer_parse (setup, ids[i], &viewer, NULL);
      expected = sl_table_model_to_json (sl_table_model_get_for_game (replayed), viewer);
      want = json_to_string (expected, FALSE);
      /* The last view to arrive is the game as it is now. */
      for (;;)
        {
          g_clear_object (&parser);
          parser = json_parser_new ();
          g_assert_true (json_parser_load_from_data (parser, g_ptr_array_index (sockets[i].messages,
                                                                                sockets[i].messages->len - 1), -1, NULL));
          view = json_object_get_object_member (json_node_get_object (json_parser_get_root (parser)), "view");
          if (json_object_get_int_member (view, "entries") == (gint64) sl_game_get_n_entries (f->game)
              || g_get_monotonic_time () > deadline)
            break;
          g_main_context_iteration (NULL, FALSE);
        }
      json_object_remove_member (view, "history");
      {
        g_autoptr(JsonNode) node = json_node_init_object (json_node_alloc (), view);

        got = json_to_string (node, FALSE);
      }
      g_assert_cmpstr (got, ==, want);
      if (viewer == sl_setup_find_side (setup, "tog"))
        for (guint m = 0; m < sockets[i].messages->len; m++)
          assert_keeps_cw_secrets (g_ptr_array_index (sockets[i].messages, m));
      socket_clear (&sockets[i]);
      g_free (cookies[i]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/phones/pairing/once", test_pairing_once);
  g_test_add_func ("/phones/pairing/five-minutes", test_pairing_expiry);
  g_test_add_func ("/phones/pairing/rate-limit", test_pairing_rate_limit);
  g_test_add_func ("/phones/pairing/revoke", test_pairing_revoke);
  g_test_add ("/phones/server/pair-link", Fixture, NULL, fixture_set_up, test_server_pair_link, fixture_tear_down);
  g_test_add ("/phones/server/pair-code-rate-limit", Fixture, NULL, fixture_set_up, test_server_pair_code, fixture_tear_down);
  g_test_add ("/phones/server/per-side+P-28", Fixture, NULL, fixture_set_up, test_server_per_side, fixture_tear_down);
  g_test_add ("/phones/server/command+P-28", Fixture, NULL, fixture_set_up, test_server_command, fixture_tear_down);
  g_test_add ("/phones/server/socket-live+P-28", Fixture, NULL, fixture_set_up, test_server_socket, fixture_tear_down);
  g_test_add ("/phones/server/load-eight-devices+P-28", Fixture, NULL, fixture_set_up, test_server_load, fixture_tear_down);
  return g_test_run ();
}
