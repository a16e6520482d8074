/* sl-server.c: the phones' private views over HTTPS and WebSockets
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <libsoup/soup.h>

#include "sl-certificate.h"
#include "sl-command-new.h"
#include "sl-phones-resources.h"
#include "sl-refusal.h"
#include "sl-server-private.h"
#include "sl-server.h"
#include "sl-table-model.h"

#define MAX_BODY        (64 * 1024)
#define STATUS_TOO_MANY_REQUESTS 429   /* RFC 6585: not in libsoup 3.2 */
#define MAX_SOCKET_IN   4096
#define HISTORY_SHOWN   8
#define CLOSE_REVOKED   4403
#define RESOURCE_PREFIX "/io/github/squadlog/SquadLog/phones/"

typedef struct
{
  SlServer                *server;
  SoupWebsocketConnection *connection;
  guint64                  device;
  SlViewer                 viewer;
  char                    *last;          /* the last view sent */
} Client;

struct _SlServer
{
  GObject       parent_instance;
  SlGame       *game;
  SlTableModel *table;
  SlPairing    *pairing;
  SoupServer   *soup;
  GPtrArray    *clients;                   /* Client */
  GHashTable   *views;                     /* SlViewer → its JSON text, for the game as it is */
  GArray       *viewers;
  char         *fingerprint;
  guint         port;
  gulong        game_changed_id;
  gulong        pairing_changed_id;
  guint         send_id;
};

enum { SIGNAL_CHANGED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (SlServer, sl_server, G_TYPE_OBJECT)

static void
client_free (gpointer data)
{
  Client *c = data;

  g_signal_handlers_disconnect_by_data (c->connection, c);
  g_object_unref (c->connection);
  g_free (c->last);
  g_free (c);
}

static void
sl_server_dispose (GObject *object)
{
  SlServer *self = SL_SERVER (object);

  sl_server_stop (self);
  if (self->game != NULL)
    g_clear_signal_handler (&self->game_changed_id, self->game);
  g_clear_signal_handler (&self->pairing_changed_id, self->pairing);
  g_clear_object (&self->table);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (sl_server_parent_class)->dispose (object);
}

static void
sl_server_finalize (GObject *object)
{
  SlServer *self = SL_SERVER (object);

  g_ptr_array_unref (self->clients);
  g_hash_table_unref (self->views);
  g_array_unref (self->viewers);
  g_clear_object (&self->pairing);
  g_free (self->fingerprint);
  G_OBJECT_CLASS (sl_server_parent_class)->finalize (object);
}

static void
sl_server_class_init (SlServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = sl_server_dispose;
  object_class->finalize = sl_server_finalize;
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
sl_server_init (SlServer *self)
{
  self->clients = g_ptr_array_new_with_free_func (client_free);
  self->views = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  self->viewers = g_array_new (FALSE, FALSE, sizeof (SlViewer));
  self->pairing = sl_pairing_new ();
}

/* Live updates: after a change of the game, in idle time, each socket
 * is sent its viewer's view when it differs from the last it was sent. */
static char *view_for (SlServer *self, SlViewer viewer);

static void
send_view (Client *c)
{
  const char *view = view_for (c->server, c->viewer);
  g_autofree char *message = NULL;

  if (g_strcmp0 (view, c->last) == 0
      || soup_websocket_connection_get_state (c->connection) != SOUP_WEBSOCKET_STATE_OPEN)
    return;
  g_free (c->last);
  c->last = g_strdup (view);
  message = g_strdup_printf ("{\"type\":\"view\",\"view\":%s}", view);
  soup_websocket_connection_send_text (c->connection, message);
}

static gboolean
send_views_cb (gpointer data)
{
  SlServer *self = data;

  self->send_id = 0;
  for (guint i = 0; i < self->clients->len; i++)
    send_view (g_ptr_array_index (self->clients, i));
  return G_SOURCE_REMOVE;
}

static void
game_changed_cb (SlServer *self)
{
  g_hash_table_remove_all (self->views);
  if (self->send_id == 0 && self->clients->len > 0)
    self->send_id = g_idle_add (send_views_cb, self);
}

/* A device revoked: its sockets are told, then closed. */
static void
pairing_changed_cb (SlServer *self)
{
  GPtrArray *devices = sl_pairing_get_devices (self->pairing);

  for (guint i = self->clients->len; i-- > 0;)
    {
      Client *c = g_ptr_array_index (self->clients, i);
      gboolean live = FALSE;

      for (guint d = 0; d < devices->len && !live; d++)
        live = ((SlDevice *) g_ptr_array_index (devices, d))->id == c->device;
      if (!live && soup_websocket_connection_get_state (c->connection) == SOUP_WEBSOCKET_STATE_OPEN)
        {
          soup_websocket_connection_send_text (c->connection, "{\"type\":\"revoked\"}");
          soup_websocket_connection_close (c->connection, CLOSE_REVOKED, "revoked");
        }
    }
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

SlServer *
sl_server_new (SlGame *game)
{
  SlServer *self;
  const SlSetup *setup;
  SlViewer referee = SL_VIEWER_REFEREE;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);
  /* The page's files (a static library's resources register only when
   * something uses them). */
  g_resources_register (sl_phones_get_resource ());
  self = g_object_new (SL_TYPE_SERVER, NULL);
  self->game = g_object_ref (game);
  self->table = g_object_ref (sl_table_model_get_for_game (game));
  setup = sl_game_get_setup (game);
  for (SlViewer v = 0; v < (SlViewer) setup->sides->len; v++)
    g_array_append_val (self->viewers, v);
  g_array_append_val (self->viewers, referee);
  self->game_changed_id = g_signal_connect_swapped (game, "changed", G_CALLBACK (game_changed_cb), self);
  self->pairing_changed_id = g_signal_connect_swapped (self->pairing, "changed", G_CALLBACK (pairing_changed_cb), self);
  return self;
}

SlGame *
sl_server_get_game (SlServer *self)
{
  g_return_val_if_fail (SL_IS_SERVER (self), NULL);
  return self->game;
}

SlPairing *
sl_server_get_pairing (SlServer *self)
{
  g_return_val_if_fail (SL_IS_SERVER (self), NULL);
  return self->pairing;
}

GArray *
sl_server_get_viewers (SlServer *self)
{
  g_return_val_if_fail (SL_IS_SERVER (self), NULL);
  return self->viewers;
}

const char *
sl_server_viewer_name (SlServer *self,
                       SlViewer  viewer)
{
  const SlSetup *setup;

  g_return_val_if_fail (SL_IS_SERVER (self), NULL);
  setup = sl_game_get_setup (self->game);
  if (viewer >= 0 && viewer < (SlViewer) setup->sides->len)
    return sl_setup_side_at (setup, viewer)->name;
  return _("Referee");
}

gboolean
sl_server_is_running (SlServer *self)
{
  g_return_val_if_fail (SL_IS_SERVER (self), FALSE);
  return self->soup != NULL;
}

guint
sl_server_get_port (SlServer *self)
{
  g_return_val_if_fail (SL_IS_SERVER (self), 0);
  return self->port;
}

const char *
sl_server_get_fingerprint (SlServer *self)
{
  g_return_val_if_fail (SL_IS_SERVER (self), NULL);
  return self->fingerprint;
}

guint
sl_server_get_n_sockets (SlServer *self)
{
  g_return_val_if_fail (SL_IS_SERVER (self), 0);
  return self->clients->len;
}

char *
sl_server_pairing_link (SlServer    *self,
                        SlViewer     viewer,
                        const char  *host,
                        char       **code)
{
  const SlInvitation *invitation;
  gboolean v6;

  g_return_val_if_fail (SL_IS_SERVER (self), NULL);
  g_return_val_if_fail (host != NULL, NULL);
  invitation = sl_pairing_invite (self->pairing, viewer);
  if (code != NULL)
    *code = g_strdup (invitation->code);
  v6 = strchr (host, ':') != NULL;
  return g_strdup_printf ("https://%s%s%s:%u/pair?s=%s", v6 ? "[" : "", host, v6 ? "]" : "",
                          self->port, invitation->secret);
}

/* The view: the table model's JSON for @viewer (the one filter every
 * front end uses), with the history's last entries as the table reads
 * them (public: the shared screen shows them). Worked out once per
 * change of the game and viewer. */
static char *
view_for (SlServer *self,
          SlViewer  viewer)
{
  char *text = g_hash_table_lookup (self->views, GINT_TO_POINTER (viewer));

  if (text == NULL)
    {
      g_autoptr(JsonNode) node = sl_table_model_to_json (self->table, viewer);
      JsonArray *history = json_array_new ();
      guint position = sl_game_get_position (self->game);

      for (guint i = position > HISTORY_SHOWN ? position - HISTORY_SHOWN : 0; i < position; i++)
        {
          const SlJournalEntry *e = sl_game_get_entry (self->game, i);

          if (e->summary != NULL && *e->summary != '\0')
            json_array_add_string_element (history, e->summary);
        }
      json_object_set_array_member (json_node_get_object (node), "history", history);
      text = json_to_string (node, FALSE);
      g_hash_table_insert (self->views, GINT_TO_POINTER (viewer), text);
    }
  return text;
}

/* HTTP */

static void
set_headers (SoupServerMessage *msg)
{
  SoupMessageHeaders *h = soup_server_message_get_response_headers (msg);

  soup_message_headers_replace (h, "Cache-Control", "no-store");
  soup_message_headers_replace (h, "X-Content-Type-Options", "nosniff");
  soup_message_headers_replace (h, "Referrer-Policy", "no-referrer");
  soup_message_headers_replace (h, "X-Frame-Options", "DENY");
  soup_message_headers_replace (h, "Content-Security-Policy",
                                "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                                "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
}

static void
respond (SoupServerMessage *msg,
         guint              status,
         const char        *type,
         const char        *data,
         gsize              length)
{
  set_headers (msg);
  soup_server_message_set_status (msg, status, NULL);
  soup_server_message_set_response (msg, type, SOUP_MEMORY_COPY, data, length);
}

static void
respond_json (SoupServerMessage *msg,
              guint              status,
              JsonNode          *node)
{
  g_autofree char *text = json_to_string (node, FALSE);

  respond (msg, status, "application/json; charset=utf-8", text, strlen (text));
}

static void
respond_resource (SoupServerMessage *msg,
                  guint              status,
                  const char        *name,
                  const char        *type)
{
  g_autofree char *path = g_strconcat (RESOURCE_PREFIX, name, NULL);
  g_autoptr(GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  gsize length = 0;
  const char *data;

  if (bytes == NULL)
    {
      respond (msg, SOUP_STATUS_NOT_FOUND, "text/plain; charset=utf-8", "Not found", 9);
      return;
    }
  data = g_bytes_get_data (bytes, &length);
  respond (msg, status, type, data, length);
}

static void
respond_pairing_page (SoupServerMessage *msg,
                      guint              status)
{
  respond_resource (msg, status, "pair.html", "text/html; charset=utf-8");
}

/* A refusal as the core gives it, or one of the server's own words. */
static JsonNode *
refusal_node (gboolean    ok,
              const char *message,
              const char *field)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "ok");
  json_builder_add_boolean_value (b, ok);
  json_builder_set_member_name (b, "refusal");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "message");
  json_builder_add_string_value (b, message);
  json_builder_set_member_name (b, "field");
  if (field != NULL)
    json_builder_add_string_value (b, field);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "rules");
  json_builder_begin_array (b);
  json_builder_end_array (b);
  json_builder_end_object (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
respond_error (SoupServerMessage *msg,
               guint              status,
               const char        *message)
{
  g_autoptr(JsonNode) node = refusal_node (FALSE, message, NULL);

  respond_json (msg, status, node);
}

static char *
cookie_token (SoupServerMessage *msg)
{
  const char *header = soup_message_headers_get_list (soup_server_message_get_request_headers (msg), "Cookie");
  char *token = NULL;

  if (header == NULL)
    return NULL;
  /* "a=1; b=2", as RFC 6265 sends them. */
  {
    g_auto(GStrv) parts = g_strsplit (header, ";", -1);

    for (guint i = 0; parts[i] != NULL && token == NULL; i++)
      {
        char *part = g_strstrip (parts[i]);

        if (g_str_has_prefix (part, SL_SERVER_COOKIE "="))
          token = g_strdup (part + strlen (SL_SERVER_COOKIE "="));
      }
  }
  return token;
}

static const SlDevice *
session (SlServer          *self,
         SoupServerMessage *msg)
{
  g_autofree char *token = cookie_token (msg);

  return sl_pairing_lookup (self->pairing, token);
}

/* A request from another site's page: refused (with SameSite=Strict it
 * brings no cookie anyway). */
static gboolean
foreign_origin (SoupServerMessage *msg)
{
  SoupMessageHeaders *h = soup_server_message_get_request_headers (msg);
  const char *origin = soup_message_headers_get_one (h, "Origin");
  const char *host = soup_message_headers_get_one (h, "Host");
  g_autofree char *expected = NULL;

  if (origin == NULL)
    return FALSE;
  expected = g_strconcat ("https://", host != NULL ? host : "", NULL);
  return g_ascii_strcasecmp (origin, expected) != 0;
}

/* A POST's JSON object, or NULL with the response set. */
static JsonObject *
read_post (SoupServerMessage  *msg,
           JsonNode          **root)
{
  SoupMessageHeaders *h = soup_server_message_get_request_headers (msg);
  const char *type = soup_message_headers_get_content_type (h, NULL);
  SoupMessageBody *body = soup_server_message_get_request_body (msg);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  gsize length = 0;
  const char *data;

  if (foreign_origin (msg))
    {
      respond_error (msg, SOUP_STATUS_FORBIDDEN, _("This request comes from another site."));
      return NULL;
    }
  if (g_strcmp0 (type, "application/json") != 0)
    {
      respond_error (msg, SOUP_STATUS_UNSUPPORTED_MEDIA_TYPE, _("A request must be JSON (application/json)."));
      return NULL;
    }
  if (body->length > MAX_BODY)
    {
      respond_error (msg, SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE, _("The request is too long."));
      return NULL;
    }
  bytes = soup_message_body_flatten (body);
  data = g_bytes_get_data (bytes, &length);
  if (!json_parser_load_from_data (parser, data != NULL ? data : "", (gssize) length, NULL)
      || !JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)))
    {
      respond_error (msg, SOUP_STATUS_BAD_REQUEST, _("The request is not a JSON object."));
      return NULL;
    }
  *root = json_node_ref (json_parser_get_root (parser));
  return json_node_get_object (*root);
}

/* What a device is called in the sharing window: its kind, from what
 * its browser says it is. */
static char *
device_name (SoupServerMessage *msg)
{
  const char *agent = soup_message_headers_get_one (soup_server_message_get_request_headers (msg), "User-Agent");
  const char *address = soup_server_message_get_remote_host (msg);
  const char *kind;

  if (agent == NULL)
    kind = _("A browser");
  else if (strstr (agent, "iPhone") != NULL)
    kind = "iPhone";
  else if (strstr (agent, "iPad") != NULL)
    kind = "iPad";
  else if (strstr (agent, "Android") != NULL)
    kind = strstr (agent, "Mobile") != NULL ? _("Android phone") : _("Android tablet");
  else if (strstr (agent, "HeadlessChrome") != NULL)
    kind = _("Headless browser");
  else if (strstr (agent, "Firefox") != NULL)
    kind = "Firefox";
  else if (strstr (agent, "Chrom") != NULL)
    kind = "Chrome";
  else if (strstr (agent, "Safari") != NULL)
    kind = "Safari";
  else
    kind = _("A browser");
  return g_strdup_printf ("%s, %s", kind, address != NULL ? address : "?");
}

static void
set_cookie (SoupServerMessage *msg,
            const char        *token)
{
  g_autofree char *cookie = g_strdup_printf ("%s=%s; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=%d",
                                             SL_SERVER_COOKIE, token,
                                             (int) (SL_PAIRING_SESSION_LIFETIME / G_USEC_PER_SEC));

  soup_message_headers_append (soup_server_message_get_response_headers (msg), "Set-Cookie", cookie);
}

static void
set_retry_after (SoupServerMessage *msg,
                 guint              retry_after)
{
  g_autofree char *value = g_strdup_printf ("%u", retry_after);

  soup_message_headers_replace (soup_server_message_get_response_headers (msg), "Retry-After", value);
}

static void
handle_pair_link (SlServer          *self,
                  SoupServerMessage *msg,
                  GHashTable        *query)
{
  const char *secret = query != NULL ? g_hash_table_lookup (query, "s") : NULL;
  g_autofree char *name = device_name (msg);
  g_autofree char *token = NULL;
  SlViewer viewer;
  guint retry_after = 0;

  switch (sl_pairing_pair (self->pairing, secret != NULL ? secret : "", NULL,
                           soup_server_message_get_remote_host (msg), name, &viewer, &token, &retry_after))
    {
    case SL_PAIR_OK:
      set_headers (msg);
      set_cookie (msg, token);
      soup_server_message_set_redirect (msg, SOUP_STATUS_SEE_OTHER, "/");
      break;
    case SL_PAIR_LIMITED:
      respond_pairing_page (msg, STATUS_TOO_MANY_REQUESTS);
      set_retry_after (msg, retry_after);
      break;
    case SL_PAIR_WRONG:
    default:
      respond_pairing_page (msg, SOUP_STATUS_FORBIDDEN);
      break;
    }
}

static void
handle_pair_code (SlServer          *self,
                  SoupServerMessage *msg)
{
  g_autoptr(JsonNode) root = NULL;
  JsonObject *request = read_post (msg, &root);
  g_autofree char *name = NULL;
  g_autofree char *token = NULL;
  g_autoptr(JsonBuilder) b = NULL;
  g_autoptr(JsonNode) answer = NULL;
  const char *code;
  SlViewer viewer;
  guint retry_after = 0;
  SlPairResult result;

  if (request == NULL)
    return;
  code = json_object_has_member (request, "code") && JSON_NODE_HOLDS_VALUE (json_object_get_member (request, "code"))
         ? json_object_get_string_member_with_default (request, "code", "") : "";
  name = device_name (msg);
  result = sl_pairing_pair (self->pairing, NULL, code != NULL ? code : "",
                            soup_server_message_get_remote_host (msg), name, &viewer, &token, &retry_after);
  b = json_builder_new ();
  json_builder_begin_object (b);
  if (result == SL_PAIR_OK)
    {
      json_builder_set_member_name (b, "viewer");
      json_builder_add_string_value (b, sl_viewer_id (sl_game_get_setup (self->game), viewer));
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, sl_server_viewer_name (self, viewer));
    }
  else
    {
      json_builder_set_member_name (b, "error");
      json_builder_add_string_value (b, result == SL_PAIR_LIMITED
                                        ? _("Too many wrong codes: wait a minute, or scan the QR code.")
                                        : _("This code is wrong, used or expired: ask for the one the sharing window shows now."));
      if (result == SL_PAIR_LIMITED)
        {
          json_builder_set_member_name (b, "retry_after");
          json_builder_add_int_value (b, retry_after);
        }
    }
  json_builder_end_object (b);
  answer = json_builder_get_root (b);
  respond_json (msg, result == SL_PAIR_OK ? SOUP_STATUS_OK
                     : result == SL_PAIR_LIMITED ? STATUS_TOO_MANY_REQUESTS : SOUP_STATUS_FORBIDDEN, answer);
  if (result == SL_PAIR_OK)
    set_cookie (msg, token);
  else if (result == SL_PAIR_LIMITED)
    set_retry_after (msg, retry_after);
}

static void
handle_session (SlServer          *self,
                SoupServerMessage *msg,
                const SlDevice    *device)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "viewer");
  json_builder_add_string_value (b, sl_viewer_id (sl_game_get_setup (self->game), device->viewer));
  json_builder_set_member_name (b, "name");
  json_builder_add_string_value (b, sl_server_viewer_name (self, device->viewer));
  json_builder_set_member_name (b, "device");
  json_builder_add_string_value (b, device->name);
  json_builder_set_member_name (b, "fingerprint");
  json_builder_add_string_value (b, self->fingerprint);
  json_builder_end_object (b);
  node = json_builder_get_root (b);
  respond_json (msg, SOUP_STATUS_OK, node);
}

/* The page's own words, in the program's language. */
static const struct { const char *key; const char *text; } page_strings[] = {
  { "title", N_("Squad Log: private view") },
  { "pair_title", N_("Pair this phone") },
  { "pair_help", N_("Scan the QR code the sharing window shows on the laptop, or type its six-digit code here.") },
  { "code", N_("Code") },
  { "pair", N_("Pair") },
  { "pairing", N_("Pairing…") },
  { "fingerprint", N_("Certificate fingerprint (SHA-256)") },
  { "offline", N_("Not connected: trying again…") },
  { "live", N_("Live") },
  { "revoked", N_("This phone was unpaired. Pair it again to go on.") },
  { "unpair", N_("Unpair this phone") },
  { "turn", N_("Turn %s") },
  { "subphase", N_("subphase %s") },
  { "phase", N_("Phase") },
  { "table", N_("The table") },
  { "due", N_("Due now") },
  { "nothing_due", N_("Nothing is due.") },
  { "history", N_("Last results") },
  { "secrets", N_("Secrets") },
  { "no_secrets", N_("No secrets yet.") },
  { "kept", N_("secret") },
  { "told", N_("told") },
  { "units", N_("Squad logs") },
  { "hidden", N_("hidden") },
  /* TRANSLATORS: a hidden unit on its side's phone; %s is its pile's label. */
  { "hidden_under", N_("hidden under %s") },
  { "out", N_("out") },
  { "pile_field", N_("Pile") },
  { "notes", N_("Sealed notes") },
  { "seal_code", N_("Seal") },
  { "reveal", N_("Reveal") },
  { "dud", N_("Declare a dud") },
  { "hide_title", N_("Hide a unit") },
  { "unit", N_("Unit") },
  { "decoys", N_("Decoys (piles, comma between)") },
  { "where", N_("Where it lies (sealed)") },
  { "stealth", N_("Stealth power on") },
  { "hide", N_("Hide") },
  { "mine_title", N_("Write down a mine") },
  { "mine_where", N_("Where the mine lies") },
  { "mine", N_("Write down") },
  { "seal_title", N_("Seal a note") },
  { "kind", N_("Kind") },
  { "text", N_("Text") },
  { "marker", N_("Marker (number, or empty)") },
  { "side", N_("Side") },
  { "seal", N_("Seal") },
  { "done", N_("Done.") },
  { "kind_charge", N_("A concealed charge") },
  { "kind_sensor", N_("A concealed ground sensor") },
  { "kind_holotarp", N_("What is under a holotarp") },
  { "kind_fire-mission", N_("A fire mission's impact point") },
  { "kind_other", N_("Something else") },
  { "kind_hidden-unit", N_("Where a hidden unit lies") },
  { "kind_mine", N_("A mine") },
  { "status_sealed", N_("sealed") },
  { "status_revealed", N_("revealed") },
  { "status_dud", N_("a dud") },
  { "phase_initiative", N_("Initiative Phase") },
  { "phase_detection", N_("Detection Phase") },
  { "phase_action", N_("Action Phase") },
  { "phase_fire-mission", N_("Fire Mission Phase") },
  { "phase_rout-rally", N_("Rout/Rally Phase") },
  { "phase_end", N_("End Phase") },
  { "due_fire", N_("Fire") },
  { "due_area-burst", N_("Area burst") },
  { "due_throw", N_("Throw") },
  { "due_launch", N_("Launch") },
  { "due_detonate", N_("Detonation") },
  { "due_blast", N_("Blast") },
  { "due_fire-mission", N_("Fire mission") },
  { "due_avoid", N_("Avoid a melee") },
  { "due_melee", N_("Melee") },
  { "due_rally", N_("Rally") },
  { "due_rout-check", N_("Rout check") },
  { "wound_none", N_("unhurt") },
  { "wound_light", N_("light wound") },
  { "wound_moderate", N_("moderate wound") },
  { "wound_serious", N_("serious wound") },
  { "wound_unconscious", N_("unconscious") },
  { "wound_dead", N_("dead") },
  { "position_standing", N_("standing") },
  { "position_kneeling", N_("kneeling") },
  { "position_prone", N_("prone") },
  { "flag_dazed", N_("dazed") },
  { "flag_routed", N_("routed") },
  { "flag_jammed", N_("jammed") },
  { "flag_in_melee", N_("in melee") },
};

static void
handle_strings (SlServer          *self,
                SoupServerMessage *msg)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) node = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "lang");
  /* TRANSLATORS: the language code of this translation (the phone's page says it is in it). */
  json_builder_add_string_value (b, C_("language code", "en"));
  json_builder_set_member_name (b, "strings");
  json_builder_begin_object (b);
  for (guint i = 0; i < G_N_ELEMENTS (page_strings); i++)
    {
      json_builder_set_member_name (b, page_strings[i].key);
      json_builder_add_string_value (b, _(page_strings[i].text));
    }
  json_builder_end_object (b);
  /* The certificate's, for the page's foot (the browser shows it too). */
  json_builder_set_member_name (b, "fingerprint");
  json_builder_add_string_value (b, self->fingerprint);
  json_builder_end_object (b);
  node = json_builder_get_root (b);
  respond_json (msg, SOUP_STATUS_OK, node);
}

/* The commands a phone sends: the private view's, built with the same
 * constructors. What is not the device's to enter is refused alike
 * whether the thing exists or not. */
static const char *
member_string (JsonObject *o,
               const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_STRING
         ? json_node_get_string (n) : NULL;
}

static gint64
member_int (JsonObject *o,
            const char *name,
            gint64      otherwise)
{
  JsonNode *n = json_object_get_member (o, name);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_INT64
         ? json_node_get_int (n) : otherwise;
}

static gboolean
has_text (const char *text)
{
  g_autofree char *copy = g_strdup (text);

  return copy != NULL && *g_strstrip (copy) != '\0';
}

static const char *
not_yours (void)
{
  return _("This phone enters its own side’s secrets only.");
}

/* The unit @id when @device may enter for it (its side's, or any for
 * the referee), or NULL. */
static const SlUnitSetup *
own_unit (SlServer       *self,
          const SlDevice *device,
          const char     *id)
{
  const SlUnitSetup *us = id != NULL ? sl_setup_unit (sl_game_get_setup (self->game), id) : NULL;

  if (us == NULL || !sl_viewer_knows_side (device->viewer, us->side))
    return NULL;
  return us;
}

static JsonNode *
command_hide (guint          *status,
              SlServer       *self,
              const SlDevice *device,
              JsonObject     *request,
              const char    **problem)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlUnitSetup *us = own_unit (self, device, member_string (request, "unit"));
  const char *decoys[2];
  SlHideCommand hide = { .pile = member_string (request, "pile"), .stealth_power = -1 };
  JsonNode *list = json_object_get_member (request, "decoys");
  JsonNode *stealth = json_object_get_member (request, "stealth_power");
  const char *where = member_string (request, "where");

  if (us == NULL)
    {
      *problem = not_yours ();
      return NULL;
    }
  hide.unit = us->index;
  if (list != NULL && JSON_NODE_HOLDS_ARRAY (list))
    {
      JsonArray *a = json_node_get_array (list);

      for (guint i = 0; i < json_array_get_length (a) && hide.n_decoys < G_N_ELEMENTS (decoys); i++)
        {
          JsonNode *e = json_array_get_element (a, i);

          if (JSON_NODE_HOLDS_VALUE (e) && json_node_get_value_type (e) == G_TYPE_STRING
              && has_text (json_node_get_string (e)))
            decoys[hide.n_decoys++] = json_node_get_string (e);
        }
    }
  hide.decoys = decoys;
  if (has_text (where))
    hide.where = where;
  /* T-19, A-126: only a power suit has the mode, as the private view offers it. */
  if (stealth != NULL && JSON_NODE_HOLDS_VALUE (stealth) && json_node_get_value_type (stealth) == G_TYPE_BOOLEAN
      && us->armor != NULL && us->armor->power_suit)
    hide.stealth_power = json_node_get_boolean (stealth);
  return sl_command_new_hide (setup, &hide);
}

static JsonNode *
command_mine (guint          *status,
              SlServer       *self,
              const SlDevice *device,
              JsonObject     *request,
              const char    **problem)
{
  const SlUnitSetup *us = own_unit (self, device, member_string (request, "unit"));

  if (us == NULL)
    {
      *problem = not_yours ();
      return NULL;
    }
  return sl_command_new_mine_lay (sl_game_get_setup (self->game), us->index, member_string (request, "where"));
}

static JsonNode *
command_seal (guint          *status,
              SlServer       *self,
              const SlDevice *device,
              JsonObject     *request,
              const char    **problem)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const char *kind_name = member_string (request, "kind");
  const char *side_id = member_string (request, "side");
  int marker = (int) CLAMP (member_int (request, "marker", 0), 0, G_MAXINT);
  int side = device->viewer;
  int kind = -1;

  for (int k = 0; k < SL_N_NOTE_KINDS && kind_name != NULL; k++)
    if (g_str_equal (sl_note_kind_names[k], kind_name))
      kind = k;
  if (device->viewer == SL_VIEWER_REFEREE)
    side = side_id != NULL ? sl_setup_find_side (setup, side_id) : -1;
  else if (side_id != NULL && sl_setup_find_side (setup, side_id) != side)
    {
      *problem = not_yours ();
      return NULL;
    }
  /* A marker this device is not shown (another side's secret one) is
   * refused as one that is not there: the refusal tells nothing of it. */
  if (marker > 0 && device->viewer != SL_VIEWER_REFEREE)
    {
      const SlMarker *m = sl_state_find_marker (sl_game_get_state (self->game), marker);

      if (m == NULL || !sl_table_model_marker_shown (self->table, m, device->viewer)
          || sl_table_model_marker_side (self->table, m) != side)
        {
          *problem = not_yours ();
          return NULL;
        }
    }
  if (kind < 0)
    {
      *problem = _("A note is of one of these kinds: hidden-unit, mine, charge, sensor, holotarp, fire-mission, other.");
      *status = SOUP_STATUS_BAD_REQUEST;
      return NULL;
    }
  return sl_command_new_seal (setup, side, (SlNoteKind) kind, member_string (request, "text"), marker);
}

static JsonNode *
command_reveal (guint          *status,
                SlServer       *self,
                const SlDevice *device,
                JsonObject     *request,
                const char    **problem)
{
  int id = (int) CLAMP (member_int (request, "note", 0), 0, G_MAXINT);
  const SlNote *note = sl_state_find_note (sl_game_get_state (self->game), id);
  JsonNode *dud = json_object_get_member (request, "dud");

  if (note == NULL || !sl_viewer_knows_side (device->viewer, note->side))
    {
      *problem = not_yours ();
      return NULL;
    }
  return sl_command_new_reveal (id, dud != NULL && JSON_NODE_HOLDS_VALUE (dud)
                                    && json_node_get_value_type (dud) == G_TYPE_BOOLEAN
                                    && json_node_get_boolean (dud));
}

static void
handle_command (SlServer          *self,
                SoupServerMessage *msg,
                const SlDevice    *device)
{
  g_autoptr(JsonNode) root = NULL;
  JsonObject *request = read_post (msg, &root);
  g_autoptr(JsonNode) command = NULL;
  g_autoptr(GError) error = NULL;
  const char *name;
  const char *problem = NULL;
  guint status = SOUP_STATUS_FORBIDDEN;

  if (request == NULL)
    return;
  name = member_string (request, "command");
  if (g_strcmp0 (name, "hide") == 0)
    command = command_hide (&status, self, device, request, &problem);
  else if (g_strcmp0 (name, "mine") == 0)
    command = command_mine (&status, self, device, request, &problem);
  else if (g_strcmp0 (name, "seal") == 0)
    command = command_seal (&status, self, device, request, &problem);
  else if (g_strcmp0 (name, "reveal") == 0)
    command = command_reveal (&status, self, device, request, &problem);
  else
    {
      respond_error (msg, SOUP_STATUS_BAD_REQUEST, _("A phone sends hide, mine, seal or reveal."));
      return;
    }
  if (command == NULL)
    {
      respond_error (msg, status, problem);
      return;
    }
  /* The very command the private view sends: journaled, saved and
   * undone as every command is; refused with the core's words. */
  if (sl_game_apply (self->game, command, &error) == NULL)
    {
      g_autoptr(SlRefusal) refusal = sl_refusal_new (error);
      g_autoptr(JsonBuilder) b = json_builder_new ();
      g_autoptr(JsonNode) answer = NULL;

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "ok");
      json_builder_add_boolean_value (b, FALSE);
      json_builder_set_member_name (b, "refusal");
      json_builder_add_value (b, sl_refusal_to_json (refusal));
      json_builder_end_object (b);
      answer = json_builder_get_root (b);
      respond_json (msg, 422, answer);
      return;
    }
  {
    g_autoptr(JsonBuilder) b = json_builder_new ();
    g_autoptr(JsonNode) answer = NULL;

    json_builder_begin_object (b);
    json_builder_set_member_name (b, "ok");
    json_builder_add_boolean_value (b, TRUE);
    json_builder_set_member_name (b, "entries");
    json_builder_add_int_value (b, sl_game_get_n_entries (self->game));
    json_builder_end_object (b);
    answer = json_builder_get_root (b);
    respond_json (msg, SOUP_STATUS_OK, answer);
  }
}

static void
handle_unpair (SlServer          *self,
               SoupServerMessage *msg,
               const SlDevice    *device)
{
  g_autoptr(JsonNode) root = NULL;

  if (read_post (msg, &root) == NULL)
    return;
  respond (msg, SOUP_STATUS_OK, "application/json; charset=utf-8", "{}", 2);
  soup_message_headers_append (soup_server_message_get_response_headers (msg), "Set-Cookie",
                               SL_SERVER_COOKIE "=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0");
  sl_pairing_revoke (self->pairing, device->id);
}

static void handle_private (SlServer *self, SoupServerMessage *msg, const char *path, gboolean get, gboolean post);

static void
handler_cb (SoupServer        *server,
            SoupServerMessage *msg,
            const char        *path,
            GHashTable        *query,
            gpointer           data)
{
  SlServer *self = data;
  const char *method = soup_server_message_get_method (msg);
  gboolean get = g_str_equal (method, "GET") || g_str_equal (method, "HEAD");
  gboolean post = g_str_equal (method, "POST");

  (void) server;
  /* What anyone may have: the pages' files and words, and pairing. */
  if (get && g_str_equal (path, "/static/style.css"))
    respond_resource (msg, SOUP_STATUS_OK, "style.css", "text/css; charset=utf-8");
  else if (get && g_str_equal (path, "/static/app.js"))
    respond_resource (msg, SOUP_STATUS_OK, "app.js", "text/javascript; charset=utf-8");
  else if (get && g_str_equal (path, "/strings.json"))
    handle_strings (self, msg);
  else if (get && g_str_equal (path, "/pair"))
    handle_pair_link (self, msg, query);
  else if (post && g_str_equal (path, "/pair"))
    handle_pair_code (self, msg);
  else
    handle_private (self, msg, path, get, post);
}

/* What only a paired device may have. */
static void
handle_private (SlServer          *self,
                SoupServerMessage *msg,
                const char        *path,
                gboolean           get,
                gboolean           post)
{
  const SlDevice *device;

  device = session (self, msg);
  if (get && g_str_equal (path, "/"))
    {
      if (device != NULL)
        respond_resource (msg, SOUP_STATUS_OK, "view.html", "text/html; charset=utf-8");
      else
        respond_pairing_page (msg, SOUP_STATUS_OK);
      return;
    }
  if (!(get && (g_str_equal (path, "/view.json") || g_str_equal (path, "/session.json")))
      && !(post && (g_str_equal (path, "/command") || g_str_equal (path, "/unpair"))))
    {
      respond (msg, SOUP_STATUS_NOT_FOUND, "text/plain; charset=utf-8", "Not found", 9);
      return;
    }
  if (device == NULL)
    {
      respond_pairing_page (msg, SOUP_STATUS_UNAUTHORIZED);
      return;
    }
  if (g_str_equal (path, "/view.json"))
    {
      const char *view = view_for (self, device->viewer);

      respond (msg, SOUP_STATUS_OK, "application/json; charset=utf-8", view, strlen (view));
    }
  else if (g_str_equal (path, "/session.json"))
    handle_session (self, msg, device);
  else if (g_str_equal (path, "/command"))
    handle_command (self, msg, device);
  else
    handle_unpair (self, msg, device);
}

/* Before the WebSocket's handshake: a device paired, from this origin. */
static void
socket_early_cb (SoupServer        *server,
                 SoupServerMessage *msg,
                 const char        *path,
                 GHashTable        *query,
                 gpointer           data)
{
  SlServer *self = data;

  (void) server; (void) path; (void) query;
  if (foreign_origin (msg))
    respond_error (msg, SOUP_STATUS_FORBIDDEN, _("This request comes from another site."));
  else if (session (self, msg) == NULL)
    respond_pairing_page (msg, SOUP_STATUS_UNAUTHORIZED);
}

static void
client_closed_cb (SoupWebsocketConnection *connection,
                  Client                  *c)
{
  (void) connection;
  g_ptr_array_remove (c->server->clients, c);
}

/* The phone listens; a message from it of more than 4 KiB closes the
 * socket (the connection's limit), the others are ignored. */
static void
client_message_cb (SoupWebsocketConnection *connection,
                   int                      type,
                   GBytes                  *message,
                   Client                  *c)
{
  (void) connection; (void) type; (void) message; (void) c;
}

static void
socket_cb (SoupServer              *server,
           SoupServerMessage       *msg,
           const char              *path,
           SoupWebsocketConnection *connection,
           gpointer                 data)
{
  SlServer *self = data;
  const SlDevice *device = session (self, msg);
  Client *c;

  (void) server; (void) path;
  if (device == NULL)
    {
      soup_websocket_connection_close (connection, CLOSE_REVOKED, "not paired");
      return;
    }
  c = g_new0 (Client, 1);
  c->server = self;
  c->connection = g_object_ref (connection);
  c->device = device->id;
  c->viewer = device->viewer;
  soup_websocket_connection_set_max_incoming_payload_size (connection, MAX_SOCKET_IN);
  soup_websocket_connection_set_keepalive_interval (connection, 20);
  g_signal_connect (connection, "closed", G_CALLBACK (client_closed_cb), c);
  g_signal_connect (connection, "message", G_CALLBACK (client_message_cb), c);
  g_ptr_array_add (self->clients, c);
  send_view (c);
}

gboolean
sl_server_start (SlServer    *self,
                 const char  *bind,
                 guint        port,
                 const char  *certificate_path,
                 GError     **error)
{
  g_autofree char *default_path = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autofree char *fingerprint = NULL;
  g_autoptr(SoupServer) soup = NULL;
  g_autoslist(GUri) uris = NULL;
  char *protocols[] = { (char *) SL_SERVER_PROTOCOL, NULL };
  gboolean ok;

  g_return_val_if_fail (SL_IS_SERVER (self), FALSE);
  if (self->soup != NULL)
    return TRUE;
  if (certificate_path == NULL)
    certificate_path = default_path = sl_certificate_default_path ();
  certificate = sl_certificate_load_or_make (certificate_path, &fingerprint, error);
  if (certificate == NULL)
    return FALSE;
  soup = soup_server_new ("tls-certificate", certificate, "server-header", "SquadLog", NULL);
  soup_server_add_handler (soup, NULL, handler_cb, self, NULL);
  soup_server_add_early_handler (soup, "/socket", socket_early_cb, self, NULL);
  soup_server_add_websocket_handler (soup, "/socket", NULL, protocols, socket_cb, self, NULL);
  if (bind != NULL)
    {
      g_autoptr(GInetAddress) address = g_inet_address_new_from_string (bind);
      g_autoptr(GSocketAddress) socket_address = NULL;

      if (address == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("“%s” is not an IP address of this machine."), bind);
          return FALSE;
        }
      socket_address = g_inet_socket_address_new (address, port);
      ok = soup_server_listen (soup, socket_address, SOUP_SERVER_LISTEN_HTTPS, error);
    }
  else
    ok = soup_server_listen_all (soup, port, SOUP_SERVER_LISTEN_HTTPS, error);
  if (!ok)
    return FALSE;
  uris = soup_server_get_uris (soup);
  self->port = uris != NULL ? (guint) g_uri_get_port (uris->data) : port;
  self->soup = g_steal_pointer (&soup);
  g_free (self->fingerprint);
  self->fingerprint = g_steal_pointer (&fingerprint);
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
  return TRUE;
}

void
sl_server_stop (SlServer *self)
{
  GPtrArray *devices;

  g_return_if_fail (SL_IS_SERVER (self));
  if (self->soup == NULL)
    return;
  g_clear_handle_id (&self->send_id, g_source_remove);
  /* Going away: every socket closed, then forgotten. */
  while (self->clients->len > 0)
    {
      Client *c = g_ptr_array_steal_index (self->clients, self->clients->len - 1);

      if (soup_websocket_connection_get_state (c->connection) == SOUP_WEBSOCKET_STATE_OPEN)
        soup_websocket_connection_close (c->connection, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
      client_free (c);
    }
  soup_server_disconnect (self->soup);
  g_clear_object (&self->soup);
  /* The tokens lived in memory only: all forgotten. */
  g_signal_handler_block (self->pairing, self->pairing_changed_id);
  devices = sl_pairing_get_devices (self->pairing);
  while (devices->len > 0)
    sl_pairing_revoke (self->pairing, ((SlDevice *) g_ptr_array_index (devices, 0))->id);
  sl_pairing_withdraw (self->pairing, SL_VIEWER_TABLE);
  g_signal_handler_unblock (self->pairing, self->pairing_changed_id);
  self->port = 0;
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

GStrv
sl_server_local_addresses (void)
{
  g_autoptr(GStrvBuilder) b = g_strv_builder_new ();
  struct ifaddrs *addrs = NULL;

  if (getifaddrs (&addrs) == 0)
    {
      for (struct ifaddrs *a = addrs; a != NULL; a = a->ifa_next)
        {
          char text[INET_ADDRSTRLEN];
          struct in_addr *in;

          if (a->ifa_addr == NULL || a->ifa_addr->sa_family != AF_INET)
            continue;
          in = &((struct sockaddr_in *) a->ifa_addr)->sin_addr;
          if ((ntohl (in->s_addr) >> 24) == 127)
            continue;
          if (inet_ntop (AF_INET, in, text, sizeof text) != NULL)
            g_strv_builder_add (b, text);
        }
      freeifaddrs (addrs);
    }
  return g_strv_builder_end (b);
}
