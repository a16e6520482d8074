/* sl-reference.c: the rules reference — loading and checking
 * the JSON files of data/reference/, lookup, search, and the book's sections added to
 * the citations of a message
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "sl-file.h"
#include "sl-json.h"
#include "sl-options.h"
#include "sl-reference-private.h"
#include "sl-reference.h"
#include "sl-rules.h"

G_DEFINE_QUARK (sl-reference-error-quark, sl_reference_error)

/* One entry and what only this file needs: its English words for the
 * search, and where it sorts. */
typedef struct
{
  SlReferenceEntry  pub;
  char             *title_en;      /* the words as written, in English (for the search) */
  char             *text_en;
  char             *ruling_en;
  char             *folded;        /* id, title, text, ruling: shown and English, folded; */
  char             *folded_title;  /* the title likewise (both made by the first search) */
  int               order;         /* number (options: their index in sl-options.c) */
  char              suffix;        /* "T-34a": 'a' */
} Entry;

struct _SlReference
{
  gatomicrefcount  ref_count;
  GPtrArray       *entries;   /* Entry, sorted */
  GHashTable      *by_id;     /* folded id -> Entry */
  GPtrArray       *problems;  /* char *, NULL-terminated */
};

static const char * const kind_names[] = {
  "table", "procedure", "example", "ruling", "option", NULL
};

/* The prefix of the ids of each kind. */
static const char kind_prefix[] = { 'T', 'P', 'E', 'A', '\0' };

/* At most this many related ids an entry (SCHEMA.md). */
#define MAX_RELATED 8

const char *
sl_reference_kind_name (SlReferenceKind kind)
{
  g_return_val_if_fail (kind < SL_REFERENCE_N_KINDS, NULL);
  return kind_names[kind];
}

int
sl_reference_kind_from_name (const char *name)
{
  for (int k = 0; name != NULL && kind_names[k] != NULL; k++)
    if (g_str_equal (kind_names[k], name))
      return k;
  return -1;
}

const char *
sl_reference_kind_label (SlReferenceKind kind)
{
  switch (kind)
    {
    case SL_REFERENCE_TABLE: return _("Table");
    case SL_REFERENCE_PROCEDURE: return _("Procedure");
    case SL_REFERENCE_EXAMPLE: return _("Example");
    case SL_REFERENCE_RULING: return _("Ruling");
    case SL_REFERENCE_OPTION: return _("Rule option");
    case SL_REFERENCE_N_KINDS:
    default:
      g_return_val_if_reached (NULL);
    }
}

/* The sections of @section one by one: "7.1, 7.7" gives "7.1" and "7.7";
 * a range "4.2–4.3" stays whole. */
static void
add_sections (GPtrArray  *into,
              const char *section)
{
  g_auto(GStrv) parts = g_strsplit (section, ",", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *part = g_strstrip (parts[i]);
      gboolean seen = FALSE;

      if (*part == '\0')
        continue;
      for (guint k = 0; k < into->len && !seen; k++)
        seen = g_str_equal (g_ptr_array_index (into, k), part);
      if (!seen)
        g_ptr_array_add (into, g_strdup (part));
    }
}

/* "book §8.2, §4.1" */
static char *
section_words (GPtrArray *sections)
{
  g_autoptr(GString) list = g_string_new (NULL);

  for (guint i = 0; i < sections->len; i++)
    {
      if (i > 0)
        g_string_append (list, ", §");
      g_string_append (list, g_ptr_array_index (sections, i));
    }
  /* Translators: the rulebook's section(s) added to a rule cited by its
   * digest id: "(P-34 step 1, A-92; book §8.2, §4.1)". %s is "8.2, §4.1". */
  return g_strdup_printf (_("book §%s"), list->str);
}

char *
sl_reference_entry_section_label (const SlReferenceEntry *entry)
{
  g_autoptr(GPtrArray) sections = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (entry != NULL, NULL);
  add_sections (sections, entry->section);
  if (sections->len == 0)
    return NULL;
  return section_words (sections);
}

/* Folding, for the search: no accents, no case ("Détonation" and
 * "detonation" are the same), typographic apostrophes as plain ones. */
static char *
fold (const char *s)
{
  g_autofree char *nfd = NULL;
  g_autoptr(GString) out = NULL;
  const char *p;

  if (s == NULL)
    return g_strdup ("");
  for (p = s; *p && (guchar) *p < 0x80; p++)
    ;
  if (*p == '\0')
    return g_ascii_strdown (s, -1);
  nfd = g_utf8_normalize (s, -1, G_NORMALIZE_NFKD);
  out = g_string_sized_new (strlen (s));
  if (nfd == NULL)
    return g_strdup ("");
  for (p = nfd; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_ismark (c))
        continue;
      if (c == 0x2019 || c == 0x2018)
        c = '\'';
      g_string_append_unichar (out, c);
    }
  return g_utf8_casefold (out->str, -1);
}

/* Ids */

/* Whether @p starts an id: [TPEA]-, two or three digits, an optional
 * lowercase letter, and no letter or digit on either side. Sets @len. */
static gboolean
id_at (const char *start,
       const char *p,
       gsize      *len)
{
  const char *q;
  int digits = 0;

  if (strchr ("TPEA", *p) == NULL || *p == '\0' || p[1] != '-')
    return FALSE;
  if (p > start && (g_ascii_isalnum (p[-1]) || p[-1] == '_' || p[-1] == '-'))
    return FALSE;
  for (q = p + 2; g_ascii_isdigit (*q); q++)
    digits++;
  if (digits < 2 || digits > 3)
    return FALSE;
  if (*q >= 'a' && *q <= 'z' && !g_ascii_isalnum (q[1]))
    q++;
  if (g_ascii_isalnum (*q) || *q == '_')
    return FALSE;
  *len = q - p;
  return TRUE;
}

void
sl_reference_foreach_id (const char        *text,
                         SlReferenceIdFunc  func,
                         gpointer           user_data)
{
  g_return_if_fail (func != NULL);

  for (const char *p = text; p != NULL && *p; p++)
    {
      gsize len;

      if (id_at (text, p, &len))
        {
          func (text, p - text, len, user_data);
          p += len - 1;
        }
    }
}

/* Whether @id is an id of @kind as the digest writes them; sets where it
 * sorts. */
static gboolean
parse_id (const char      *id,
          SlReferenceKind  kind,
          int             *order,
          char            *suffix)
{
  gsize len;

  if (kind == SL_REFERENCE_OPTION)
    {
      for (guint i = 0; i < sl_options_n_known (); i++)
        if (g_str_equal (sl_options_known_id (i), id))
          {
            *order = i;
            *suffix = '\0';
            return TRUE;
          }
      return FALSE;
    }
  if (id[0] != kind_prefix[kind] || !id_at (id, id, &len) || id[len] != '\0')
    return FALSE;
  *order = atoi (id + 2);
  *suffix = g_ascii_isalpha (id[len - 1]) ? id[len - 1] : '\0';
  return TRUE;
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  const Entry *x = *(const Entry * const *) a;
  const Entry *y = *(const Entry * const *) b;

  if (x->pub.kind != y->pub.kind)
    return (int) x->pub.kind - (int) y->pub.kind;
  if (x->order != y->order)
    return x->order - y->order;
  return (int) x->suffix - (int) y->suffix;
}

/* Loading */

static void
entry_free (gpointer data)
{
  Entry *e = data;

  if (e == NULL)
    return;
  g_free (e->pub.id);
  g_free (e->pub.title);
  g_free (e->pub.section);
  g_free (e->pub.text);
  g_free (e->pub.ruling);
  g_free (e->pub.option);
  g_strfreev (e->pub.columns);
  g_clear_pointer (&e->pub.rows, g_ptr_array_unref);
  g_strfreev (e->pub.related);
  g_free (e->pub.file);
  g_free (e->title_en);
  g_free (e->text_en);
  g_free (e->ruling_en);
  g_free (e->folded);
  g_free (e->folded_title);
  g_free (e);
}

/* A text of the data in the user's language (build-aux/
 * extract-data-strings.py puts them in the template). */
static const char *
translated (const char *text)
{
  /* The empty msgid is the catalogue's header, never a translation. */
  if (text == NULL || *text == '\0')
    return text;
  return g_dgettext (GETTEXT_PACKAGE, text);
}

/* A table cell is translated when it holds words ("Light wound"), not
 * when it is a number or a range ("+1", "4–5"). */
static const char *
translated_cell (const char *cell)
{
  for (const char *p = cell; *p; p = g_utf8_next_char (p))
    if (g_unichar_isalpha (g_utf8_get_char (p)))
      return translated (cell);
  return cell;
}

typedef struct
{
  GPtrArray *problems;
  const char *file;
} Loader;

static void
problem (Loader     *loader,
         const char *where,
         const char *field,
         const char *message)
{
  if (field != NULL && *field && where != NULL)
    /* Translators: a problem of the rules reference data: the file, the
     * entry, the field and the problem: "tables.json: T-04: table.rows[2]:
     * …". */
    g_ptr_array_add (loader->problems, g_strdup_printf (_("%s: %s: %s: %s"), loader->file, where, field, message));
  else if (where != NULL || (field != NULL && *field))
    g_ptr_array_add (loader->problems, g_strdup_printf ("%s: %s: %s", loader->file,
                                                        where != NULL ? where : field, message));
  else
    g_ptr_array_add (loader->problems, g_strdup_printf ("%s: %s", loader->file, message));
}

static char **
read_string_list (SlReader   *r,
                  const char *field,
                  guint       min,
                  guint       max)
{
  guint n = sl_reader_array_length (r, field);
  GPtrArray *list = g_ptr_array_new ();

  if (sl_reader_ok (r) && (n < min || n > max))
    sl_reader_fail (r, field, _("Expected %u to %u entries, not %u."), min, max, n);
  for (guint i = 0; i < n && sl_reader_ok (r); i++)
    {
      const char *s = sl_reader_array_string (r, field, i);

      if (s != NULL && sl_reader_ok (r))
        g_ptr_array_add (list, g_strdup (s));
    }
  g_ptr_array_add (list, NULL);
  return (char **) g_ptr_array_free (list, FALSE);
}

/* A non-empty text, required. */
static const char *
read_words (SlReader   *r,
            const char *field)
{
  const char *s;

  if (!sl_reader_require (r, field))
    return NULL;
  s = sl_reader_string (r, field, NULL);
  if (s != NULL && *s == '\0' && sl_reader_ok (r))
    sl_reader_fail (r, field, _("The text is empty."));
  return s;
}

static void
read_table (SlReader *r,
            Entry    *e)
{
  g_autoptr(SlReader) t = NULL;
  guint n_rows;
  guint n_columns;

  if (!sl_reader_require (r, "table"))
    return;
  t = sl_reader_object (r, "table");
  if (t == NULL)
    {
      if (sl_reader_ok (r))
        sl_reader_fail (r, "table", _("Expected an object with “columns” and “rows”."));
      return;
    }
  sl_reader_require (t, "columns");
  e->pub.columns = read_string_list (t, "columns", 1, 32);
  n_columns = g_strv_length (e->pub.columns);
  sl_reader_require (t, "rows");
  n_rows = sl_reader_array_length (t, "rows");
  if (sl_reader_ok (t) && n_rows == 0)
    sl_reader_fail (t, "rows", _("The table has no rows."));
  e->pub.rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  for (guint i = 0; i < n_rows && sl_reader_ok (t); i++)
    {
      JsonNode *row = sl_reader_array_node (t, "rows", i);
      g_autofree char *field = g_strdup_printf ("rows[%u]", i);
      JsonArray *cells;
      char **copy;

      if (row == NULL || !JSON_NODE_HOLDS_ARRAY (row))
        {
          sl_reader_fail (t, field, _("Expected a list of cells."));
          break;
        }
      cells = json_node_get_array (row);
      if (json_array_get_length (cells) != n_columns)
        {
          sl_reader_fail (t, field, _("Expected %u cells, one per column, not %u."), n_columns,
                          json_array_get_length (cells));
          break;
        }
      copy = g_new0 (char *, n_columns + 1);
      g_ptr_array_add (e->pub.rows, copy);
      for (guint c = 0; c < n_columns; c++)
        {
          JsonNode *cell = json_array_get_element (cells, c);

          if (!JSON_NODE_HOLDS_VALUE (cell) || json_node_get_value_type (cell) != G_TYPE_STRING)
            {
              g_autofree char *cell_field = g_strdup_printf ("rows[%u][%u]", i, c);
              g_autofree char *what = sl_json_describe (cell);

              sl_reader_fail (t, cell_field, _("Expected a string, not %s."), what);
              break;
            }
          copy[c] = g_strdup (translated_cell (json_node_get_string (cell)));
        }
    }
  sl_reader_end (t);
  /* The column heads in the user's language. */
  for (guint c = 0; e->pub.columns[c] != NULL; c++)
    {
      char *head = g_strdup (translated (e->pub.columns[c]));

      g_free (e->pub.columns[c]);
      e->pub.columns[c] = head;
    }
}

/* One entry of a file; NULL (having said why) when it breaks the format. */
static Entry *
read_entry (Loader   *loader,
            JsonNode *node,
            guint     index)
{
  g_autoptr(SlReadContext) ctx = sl_read_context_new ();
  g_autoptr(SlReader) r = NULL;
  g_autofree char *where = g_strdup_printf ("entries[%u]", index);
  Entry *e = g_new0 (Entry, 1);
  const char *id;
  const char *title, *text, *ruling = NULL, *section;
  int kind;

  r = sl_reader_new (ctx, node, "");
  if (sl_read_context_failed (ctx))
    {
      problem (loader, where, NULL, _("An entry is an object."));
      entry_free (e);
      return NULL;
    }
  sl_reader_require (r, "id");
  id = sl_reader_string (r, "id", NULL);
  if (id != NULL && *id != '\0')
    {
      g_free (where);
      where = g_strdup (id);
    }
  sl_reader_require (r, "kind");
  kind = sl_reader_enum (r, "kind", kind_names, N_("kind of entry"), -1);
  if (id != NULL && kind >= 0 && sl_reader_ok (r))
    {
      e->pub.id = g_strdup (id);
      e->pub.kind = kind;
      if (!parse_id (id, kind, &e->order, &e->suffix))
        {
          if (kind == SL_REFERENCE_OPTION)
            sl_reader_fail (r, "id", _("There is no rule option “%s” in this version of Squad Log."), id);
          else
            sl_reader_fail (r, "id", _("An entry of kind “%s” has an id “%c-nn” (two or three digits), not “%s”."),
                            kind_names[kind], kind_prefix[kind], id);
        }
    }
  title = read_words (r, "title");
  sl_reader_require (r, "section");
  section = sl_reader_string (r, "section", "");
  if (section != NULL && strstr (section, "§") != NULL && sl_reader_ok (r))
    sl_reader_fail (r, "section", _("The book's section is written without “§”: “8.2”."));
  text = read_words (r, "text");

  /* What belongs to one kind only. */
  if (kind == SL_REFERENCE_RULING)
    ruling = read_words (r, "ruling");
  else if (sl_reader_has (r, "ruling") && sl_reader_ok (r))
    sl_reader_fail (r, "ruling", _("Only a ruling has a “ruling”."));
  if (sl_reader_has (r, "option") && sl_reader_ok (r))
    {
      const char *option = sl_reader_string (r, "option", NULL);
      int order;
      char suffix;

      if (kind != SL_REFERENCE_RULING)
        sl_reader_fail (r, "option", _("Only a ruling names the rule option that changes it."));
      else if (option != NULL && !parse_id (option, SL_REFERENCE_OPTION, &order, &suffix))
        sl_reader_fail (r, "option", _("There is no rule option “%s” in this version of Squad Log."), option);
      else
        e->pub.option = g_strdup (option);
    }
  if (kind == SL_REFERENCE_TABLE)
    read_table (r, e);
  else if (sl_reader_has (r, "table") && sl_reader_ok (r))
    sl_reader_fail (r, "table", _("Only a table has a “table”."));
  e->pub.related = read_string_list (r, "related", 0, MAX_RELATED);
  for (guint i = 0; e->pub.related[i] != NULL && sl_reader_ok (r); i++)
    if (e->pub.id != NULL && g_str_equal (e->pub.related[i], e->pub.id))
      sl_reader_fail (r, "related", _("An entry is not related to itself."));
  sl_reader_end (r);

  if (sl_read_context_failed (ctx))
    {
      problem (loader, where, sl_read_context_field (ctx), sl_read_context_message (ctx));
      entry_free (e);
      return NULL;
    }

  e->pub.file = g_strdup (loader->file);
  e->pub.section = g_strdup (section);
  e->pub.title = g_strdup (translated (title));
  e->pub.text = g_strdup (translated (text));
  e->pub.ruling = g_strdup (translated (ruling));
  /* The English words, when the user reads another language. */
  if (g_strcmp0 (title, e->pub.title) != 0 || g_strcmp0 (text, e->pub.text) != 0 ||
      g_strcmp0 (ruling, e->pub.ruling) != 0)
    {
      e->title_en = g_strdup (title);
      e->text_en = g_strdup (text);
      e->ruling_en = g_strdup (ruling);
    }
  return e;
}

static void
load_text (Loader     *loader,
           GPtrArray  *entries,
           const char *text,
           gsize       length)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonNode) root = sl_json_parse (text, length, &error);
  g_autoptr(SlReadContext) ctx = NULL;
  g_autoptr(SlReader) r = NULL;
  guint n;

  if (root == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("This is not valid JSON: %s"), error->message);

      problem (loader, NULL, NULL, message);
      return;
    }
  ctx = sl_read_context_new ();
  r = sl_reader_new (ctx, root, "");
  sl_reader_require (r, "format");
  sl_reader_int (r, "format", 1, 1, 1);
  sl_reader_require (r, "entries");
  n = sl_reader_array_length (r, "entries");
  if (sl_read_context_failed (ctx))
    {
      problem (loader, NULL, sl_read_context_field (ctx), sl_read_context_message (ctx));
      return;
    }
  for (guint i = 0; i < n; i++)
    {
      Entry *e = read_entry (loader, sl_reader_array_node (r, "entries", i), i);

      if (e != NULL)
        g_ptr_array_add (entries, e);
    }
  sl_reader_end (r);
  if (sl_read_context_failed (ctx))
    problem (loader, NULL, sl_read_context_field (ctx), sl_read_context_message (ctx));
}

static SlReference *
reference_new (void)
{
  SlReference *self = g_new0 (SlReference, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->entries = g_ptr_array_new_with_free_func (entry_free);
  self->by_id = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->problems = g_ptr_array_new_with_free_func (g_free);
  return self;
}

/* After every file: duplicates left out, related ids that are nowhere
 * dropped (each said), the rest sorted and indexed. */
static SlReference *
reference_finish (SlReference *self,
                  GPtrArray   *loaded)
{
  Loader loader = { self->problems, NULL };

  for (guint i = 0; i < loaded->len; i++)
    {
      Entry *e = g_ptr_array_index (loaded, i);
      g_autofree char *key = g_ascii_strdown (e->pub.id, -1);
      Entry *first = g_hash_table_lookup (self->by_id, key);

      if (first != NULL)
        {
          g_autofree char *message = g_strdup_printf (_("The id “%s” is in %s already."), e->pub.id,
                                                      first->pub.file);
          loader.file = e->pub.file;
          problem (&loader, e->pub.id, "id", message);
          entry_free (e);
          continue;
        }
      g_hash_table_insert (self->by_id, g_steal_pointer (&key), e);
      g_ptr_array_add (self->entries, e);
    }
  g_ptr_array_set_free_func (loaded, NULL);
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = g_ptr_array_index (self->entries, i);
      GPtrArray *kept = g_ptr_array_new ();

      loader.file = e->pub.file;
      for (guint k = 0; e->pub.related[k] != NULL; k++)
        {
          g_autofree char *key = g_ascii_strdown (e->pub.related[k], -1);

          if (g_hash_table_contains (self->by_id, key))
            g_ptr_array_add (kept, e->pub.related[k]);
          else
            {
              g_autofree char *field = g_strdup_printf ("related[%u]", k);
              g_autofree char *message = g_strdup_printf (_("There is no entry “%s” in the reference."),
                                                          e->pub.related[k]);

              problem (&loader, e->pub.id, field, message);
              g_free (e->pub.related[k]);
            }
        }
      g_ptr_array_add (kept, NULL);
      g_free (e->pub.related);
      e->pub.related = (char **) g_ptr_array_free (kept, FALSE);
    }
  g_ptr_array_sort (self->entries, compare_entries);
  g_ptr_array_add (self->problems, NULL);
  return self;
}

SlReference *
sl_reference_load_texts (const char * const *names,
                         const char * const *texts)
{
  SlReference *self = reference_new ();
  g_autoptr(GPtrArray) loaded = g_ptr_array_new_with_free_func (entry_free);

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      Loader loader = { self->problems, names[i] };

      load_text (&loader, loaded, texts[i], strlen (texts[i]));
    }
  return reference_finish (self, loaded);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

SlReference *
sl_reference_load_dir (const char  *dir,
                       GError     **error)
{
  g_autoptr(GDir) d = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) loaded = g_ptr_array_new_with_free_func (entry_free);
  SlReference *self;
  const char *name;

  g_return_val_if_fail (dir != NULL, NULL);

  d = g_dir_open (dir, 0, &local_error);
  if (d == NULL)
    {
      g_autofree char *display = g_filename_display_name (dir);

      g_set_error (error, SL_REFERENCE_ERROR, SL_REFERENCE_ERROR_NOT_FOUND,
                   _("The rules reference cannot be read from “%s”: %s"), display, local_error->message);
      return NULL;
    }
  while ((name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".json") && name[0] != '.')
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);

  self = reference_new ();
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, g_ptr_array_index (names, i), NULL);
      g_autofree char *display = g_filename_display_name (g_ptr_array_index (names, i));
      g_autoptr(GError) read_error = NULL;
      /* A regular file of 16 MiB at most (sl-file.h), like the rules. */
      g_autoptr(GBytes) bytes = sl_file_read (path, SL_FILE_LIMIT_RULES, SL_FILE_READ_DEFAULT, &read_error);
      Loader loader = { self->problems, display };
      gsize length;
      const char *text;

      if (bytes == NULL)
        {
          problem (&loader, NULL, NULL, read_error->message);
          continue;
        }
      text = g_bytes_get_data (bytes, &length);
      load_text (&loader, loaded, text, length);
    }
  return reference_finish (self, loaded);
}

char *
sl_reference_find_dir (void)
{
  const char *data_dir = g_getenv ("SQUADLOG_DATA_DIR");
  g_autofree char *user = NULL;

  if (data_dir != NULL && *data_dir != '\0')
    return g_build_filename (data_dir, "reference", NULL);
  user = g_build_filename (g_get_user_data_dir (), "squadlog", "reference", NULL);
  if (g_file_test (user, G_FILE_TEST_IS_DIR))
    return g_steal_pointer (&user);
  return g_build_filename (sl_data_pkgdatadir (), "reference", NULL);
}

SlReference *
sl_reference_get_default (void)
{
  static SlReference *reference;

  if (g_once_init_enter (&reference))
    {
      g_autofree char *dir = sl_reference_find_dir ();
      g_autoptr(GError) error = NULL;
      SlReference *loaded = sl_reference_load_dir (dir, &error);

      if (loaded == NULL)
        {
          g_autoptr(GPtrArray) none = g_ptr_array_new ();

          loaded = reference_finish (reference_new (), none);
          /* Before the NULL that ends the list. */
          g_ptr_array_insert (loaded->problems, loaded->problems->len - 1, g_strdup (error->message));
        }
      g_once_init_leave (&reference, loaded);
    }
  return reference;
}

SlReference *
sl_reference_ref (SlReference *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
sl_reference_unref (SlReference *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_hash_table_unref (self->by_id);
  g_ptr_array_unref (self->entries);
  g_ptr_array_unref (self->problems);
  g_free (self);
}

const char * const *
sl_reference_get_problems (SlReference *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return (const char * const *) self->problems->pdata;
}

guint
sl_reference_get_n_entries (SlReference *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->entries->len;
}

const SlReferenceEntry *
sl_reference_lookup (SlReference *self,
                     const char  *id)
{
  g_autofree char *key = NULL;
  Entry *e;

  g_return_val_if_fail (self != NULL, NULL);
  if (id == NULL)
    return NULL;
  key = g_ascii_strdown (id, -1);
  e = g_hash_table_lookup (self->by_id, key);
  return e ? &e->pub : NULL;
}

GPtrArray *
sl_reference_list (SlReference *self,
                   int          kind)
{
  GPtrArray *list = g_ptr_array_new ();

  g_return_val_if_fail (self != NULL, list);
  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = g_ptr_array_index (self->entries, i);

      if (kind < 0 || (int) e->pub.kind == kind)
        g_ptr_array_add (list, &e->pub);
    }
  return list;
}

/* What the search looks in, folded, made the first time it is needed
 * (folding every text costs half the time of reading the files). */
static void
ensure_folded (Entry *e)
{
  g_autoptr(GString) all = NULL;
  g_autoptr(GString) titles = NULL;

  if (e->folded != NULL)
    return;
  all = g_string_new (e->pub.id);
  titles = g_string_new (e->pub.title);
  g_string_append_printf (all, "\n%s\n%s\n%s", e->pub.title, e->pub.text, e->pub.ruling ? e->pub.ruling : "");
  if (e->title_en != NULL)
    {
      g_string_append_printf (titles, "\n%s", e->title_en);
      g_string_append_printf (all, "\n%s\n%s\n%s", e->title_en, e->text_en, e->ruling_en ? e->ruling_en : "");
    }
  e->folded = fold (all->str);
  e->folded_title = fold (titles->str);
}

typedef struct
{
  Entry *entry;
  int    rank;
  guint  index;
} Hit;

static int
compare_hits (gconstpointer a,
              gconstpointer b)
{
  const Hit *x = a;
  const Hit *y = b;

  if (x->rank != y->rank)
    return y->rank - x->rank;
  return (int) x->index - (int) y->index;
}

GPtrArray *
sl_reference_search (SlReference *self,
                     const char  *words)
{
  GPtrArray *found = g_ptr_array_new ();
  g_autoptr(GArray) hits = g_array_new (FALSE, FALSE, sizeof (Hit));
  g_autofree char *folded = NULL;
  g_auto(GStrv) parts = NULL;
  g_autoptr(GPtrArray) terms = g_ptr_array_new ();

  g_return_val_if_fail (self != NULL, found);
  if (words == NULL)
    return found;
  folded = fold (words);
  parts = g_strsplit_set (folded, " \t\n,;", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    if (*parts[i] != '\0')
      g_ptr_array_add (terms, parts[i]);
  if (terms->len == 0)
    return found;

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = g_ptr_array_index (self->entries, i);
      g_autofree char *id = fold (e->pub.id);
      gboolean all = TRUE;
      Hit hit = { e, 0, i };

      ensure_folded (e);
      for (guint t = 0; t < terms->len && all; t++)
        {
          const char *term = g_ptr_array_index (terms, t);

          all = strstr (e->folded, term) != NULL;
          if (strstr (e->folded_title, term) != NULL)
            hit.rank++;
        }
      /* An id typed whole comes first: "p-34", "A-92", "rateOfFireWindow". */
      if (terms->len == 1 && g_str_equal (g_ptr_array_index (terms, 0), id))
        hit.rank = 1000;
      if (all)
        g_array_append_val (hits, hit);
    }
  g_array_sort (hits, compare_hits);
  for (guint i = 0; i < hits->len; i++)
    g_ptr_array_add (found, &g_array_index (hits, Hit, i).entry->pub);
  return found;
}

/* Citations */

/* The entry an id cited names: "T-34a" is T-34's when it has none of
 * its own. */
static const SlReferenceEntry *
cited_entry (SlReference *self,
             const char  *id,
             gsize        len)
{
  g_autofree char *copy = g_strndup (id, len);
  const SlReferenceEntry *entry = sl_reference_lookup (self, copy);

  if (entry == NULL && g_ascii_isalpha (copy[len - 1]))
    {
      copy[len - 1] = '\0';
      entry = sl_reference_lookup (self, copy);
    }
  if (entry != NULL && entry->kind == SL_REFERENCE_OPTION)
    return NULL;
  return entry;
}

typedef struct
{
  SlReference *self;
  GPtrArray   *sections;
} CiteData;

static void
collect_section_cb (const char *text,
                    gsize       offset,
                    gsize       length,
                    gpointer    user_data)
{
  CiteData *data = user_data;
  const SlReferenceEntry *entry = cited_entry (data->self, text + offset, length);

  if (entry != NULL)
    add_sections (data->sections, entry->section);
}

static void
has_id_cb (const char *text,
           gsize       offset,
           gsize       length,
           gpointer    user_data)
{
  *(gboolean *) user_data = TRUE;
}

static gboolean
cites (const char *text)
{
  gboolean any = FALSE;

  sl_reference_foreach_id (text, has_id_cb, &any);
  return any;
}

/* Whether @group (a citation's text) gives a section already: its book
 * sections added before ("book §9.6", in any language), or one written by
 * hand ("P-28, §9.1"). */
static gboolean
annotated (const char *group)
{
  return strstr (group, "§") != NULL;
}

/* The sections of the ids in @group, as words ("book §8.2, §4.1"), or
 * NULL when they have none. */
static char *
group_sections (SlReference *self,
                const char  *group)
{
  g_autoptr(GPtrArray) sections = g_ptr_array_new_with_free_func (g_free);
  CiteData data = { self, sections };

  sl_reference_foreach_id (group, collect_section_cb, &data);
  if (sections->len == 0)
    return NULL;
  return section_words (sections);
}

typedef struct
{
  gsize offset;
  gsize length;
} Span;

static void
collect_span_cb (const char *text,
                 gsize       offset,
                 gsize       length,
                 gpointer    user_data)
{
  Span span = { offset, length };

  g_array_append_val ((GArray *) user_data, span);
}

/* Whether the text between two ids keeps them in one citation: "T-41,
 * T-42 and T-43", "P-34 step 1, A-92", not "T-32: roll … T-33". */
static gboolean
same_citation (const char *gap,
               gsize       length)
{
  if (length > 16)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (strchr (".:;()!?\n", gap[i]) != NULL)
      return FALSE;
  return TRUE;
}

/* What qualifies the last id of a citation: " step 1", " steps 2–3", " G"
 * (T-41 G, a part of the table). Its length, or 0. */
static gsize
qualifier_length (const char *p)
{
  const char *q = p;

  if (g_str_has_prefix (q, " steps ") || g_str_has_prefix (q, " step "))
    {
      q += g_str_has_prefix (q, " steps ") ? 7 : 6;
      if (!g_ascii_isdigit (*q))
        return 0;
      while (g_ascii_isdigit (*q) || g_str_has_prefix (q, "–") || *q == '-')
        q += g_str_has_prefix (q, "–") ? strlen ("–") : 1;
      return q - p;
    }
  if (q[0] == ' ' && g_ascii_isupper (q[1]) && !g_ascii_isalnum (q[2]))
    return 2;
  return 0;
}

/* Ids outside parentheses: "… of T-32, not both" gives "… of T-32 (book
 * §9.6), not both"; "the tables T-41, T-42 and T-43." gives "the tables
 * T-41, T-42 and T-43 (book §11.0)." — unless the parenthesis follows
 * already. Copies @message up to each insertion into @out. */
static void
cite_bare (SlReference *self,
           const char  *message,
           gsize        from,
           gsize        to,
           GString     *out,
           gsize       *done)
{
  g_autofree char *text = g_strndup (message + from, to - from);
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (Span));
  guint i = 0;

  sl_reference_foreach_id (text, collect_span_cb, spans);
  while (i < spans->len)
    {
      g_autoptr(GPtrArray) sections = g_ptr_array_new_with_free_func (g_free);
      guint j = i;
      gsize end;
      const char *after;

      while (j + 1 < spans->len)
        {
          const Span *a = &g_array_index (spans, Span, j);
          const Span *b = &g_array_index (spans, Span, j + 1);

          if (!same_citation (text + a->offset + a->length, b->offset - a->offset - a->length))
            break;
          j++;
        }
      for (guint k = i; k <= j; k++)
        {
          const Span *span = &g_array_index (spans, Span, k);
          const SlReferenceEntry *entry = cited_entry (self, text + span->offset, span->length);

          if (entry != NULL)
            add_sections (sections, entry->section);
        }
      end = from + g_array_index (spans, Span, j).offset + g_array_index (spans, Span, j).length;
      end += qualifier_length (message + end);
      after = message + end;
      i = j + 1;
      if (sections->len == 0)
        continue;
      if (g_str_has_prefix (after, " ("))
        {
          const char *close = strchr (after, ')');
          g_autofree char *group = g_strndup (after, close ? (gsize) (close - after) : strlen (after));

          if (annotated (group))
            continue;
        }
      {
        g_autofree char *words = section_words (sections);

        g_string_append_len (out, message + *done, end - *done);
        g_string_append_printf (out, " (%s)", words);
        *done = end;
      }
    }
}

char *
sl_reference_cite (SlReference *self,
                   const char  *message)
{
  g_autoptr(GString) out = NULL;
  const char *p;
  gsize done = 0;

  if (message == NULL)
    return NULL;
  /* Most messages cite nothing: the reference is not even read. */
  if (!cites (message))
    return g_strdup (message);
  if (self == NULL)
    self = sl_reference_get_default ();

  out = g_string_sized_new (strlen (message) + 32);
  p = message;
  while (*p)
    {
      const char *open = strchr (p, '(');
      const char *close;
      gsize end;

      /* The text up to the next group: bare ids there. */
      end = open ? (gsize) (open - message) : strlen (message);
      cite_bare (self, message, p - message, end, out, &done);
      if (open == NULL)
        break;
      /* The innermost group from here: "(…)" with no "(" inside. */
      close = open + 1;
      while (*close && *close != ')' && *close != '(')
        close++;
      if (*close == '\0')
        break;
      if (*close == '(')
        {
          p = close;
          continue;
        }
      {
        g_autofree char *group = g_strndup (open + 1, close - open - 1);
        g_autofree char *words = NULL;

        if (cites (group) && !annotated (group) && (words = group_sections (self, group)) != NULL)
          {
            g_string_append_len (out, message + done, close - message - done);
            /* Translators: what separates the digest's ids of a citation
             * from the book's sections added to it: "(P-34 step 1, A-92;
             * book §9.6)". French puts a no-break space before the ";". */
            g_string_append_printf (out, "%s%s", C_("citation", "; "), words);
            done = close - message;
          }
      }
      p = close + 1;
    }
  g_string_append (out, message + done);
  return g_string_free (g_steal_pointer (&out), FALSE);
}
