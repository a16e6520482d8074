/* test-reference.c: the rules reference (data/reference/): a file or an
 * entry that breaks the format is left out with a message naming the file,
 * the entry and the field; lookup, lists, search across languages and
 * accents, the book's sections added to citations; and the shipped data is
 * complete: every id the program, the rules data, the scenarios and
 * docs/resolve.md cite, and every rule option, has its entry.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "sl-options.h"
#include "sl-reference-private.h"
#include "sl-reference.h"
#include "sl-test.h"

/* A small reference to test with: a table, a procedure, an example, a
 * ruling naming an option, and the option. */
static const char *good_procedures =
  "{\"format\": 1, \"entries\": ["
  " {\"id\": \"P-34\", \"kind\": \"procedure\", \"title\": \"Throwing a hand grenade\", \"section\": \"9.6\","
  "  \"text\": \"1. Pick the point.\\n\\n2. Roll for the landing (T-27).\", \"related\": [\"T-27\", \"A-92\"]},"
  " {\"id\": \"P-08\", \"kind\": \"procedure\", \"title\": \"Resolving a subphase\", \"section\": \"5.0, 9.6\","
  "  \"text\": \"Fire, then explosions, then melee.\"},"
  " {\"id\": \"P-05\", \"kind\": \"procedure\", \"title\": \"Any check\", \"section\": \"\","
  "  \"text\": \"Roll at or under the target.\"}"
  "]}";
static const char *good_tables =
  "{\"format\": 1, \"entries\": ["
  " {\"id\": \"T-27\", \"kind\": \"table\", \"title\": \"Grenade range modifiers\", \"section\": \"9.6\","
  "  \"text\": \"The farther the throw, the harder the landing roll.\","
  "  \"table\": {\"columns\": [\"Range\", \"Modifier\"], \"rows\": [[\"0–10 m\", \"0\"], [\"11–20 m\", \"+1\"]]}},"
  " {\"id\": \"T-10\", \"kind\": \"table\", \"title\": \"Terrain\", \"section\": \"6.0\","
  "  \"text\": \"What terrain costs.\", \"table\": {\"columns\": [\"Terrain\"], \"rows\": [[\"Marsh\"]]}},"
  " {\"id\": \"T-34\", \"kind\": \"table\", \"title\": \"Multiple charges\", \"section\": \"9.6\","
  "  \"text\": \"Several charges at one spot.\", \"table\": {\"columns\": [\"Charges\"], \"rows\": [[\"2\"]]}}"
  "]}";
static const char *good_rulings =
  "{\"format\": 1, \"entries\": ["
  " {\"id\": \"A-92\", \"kind\": \"ruling\", \"title\": \"Picking up a grenade\", \"section\": \"4.1\","
  "  \"text\": \"The book never says how a grenade is made ready.\", \"ruling\": \"A grenade is picked up first, a détonation later.\","
  "  \"related\": [\"P-34\"]},"
  " {\"id\": \"A-55\", \"kind\": \"ruling\", \"title\": \"Counting fires\", \"section\": \"7.7\","
  "  \"text\": \"Over which span fires are counted.\", \"ruling\": \"Per turn.\", \"option\": \"rateOfFireWindow\","
  "  \"related\": [\"rateOfFireWindow\"]},"
  " {\"id\": \"E-16\", \"kind\": \"example\", \"title\": \"A shot at 30 m\", \"section\": \"7.7\","
  "  \"text\": \"Needs 7 or less.\"},"
  " {\"id\": \"rateOfFireWindow\", \"kind\": \"option\", \"title\": \"Rate-of-fire window\", \"section\": \"7.7\","
  "  \"text\": \"Per turn or rolling.\", \"related\": [\"A-55\"]}"
  "]}";

static SlReference *
good_reference (void)
{
  const char *names[] = { "procedures.json", "rulings.json", "tables.json", NULL };
  const char *texts[] = { good_procedures, good_rulings, good_tables, NULL };

  return sl_reference_load_texts (names, texts);
}

static void
test_good (void)
{
  g_autoptr(SlReference) ref = good_reference ();
  const SlReferenceEntry *e;

  g_assert_null (sl_reference_get_problems (ref)[0]);
  g_assert_cmpuint (sl_reference_get_n_entries (ref), ==, 10);

  e = sl_reference_lookup (ref, "T-27");
  g_assert_nonnull (e);
  g_assert_cmpint (e->kind, ==, SL_REFERENCE_TABLE);
  g_assert_cmpstr (e->section, ==, "9.6");
  g_assert_cmpstr (e->file, ==, "tables.json");
  g_assert_cmpuint (g_strv_length (e->columns), ==, 2);
  g_assert_cmpuint (e->rows->len, ==, 2);
  g_assert_cmpstr (((char **) g_ptr_array_index (e->rows, 1))[1], ==, "+1");
  g_assert_null (e->ruling);

  /* Any case. */
  e = sl_reference_lookup (ref, "a-92");
  g_assert_nonnull (e);
  g_assert_cmpstr (e->id, ==, "A-92");
  g_assert_cmpstr (e->ruling, ==, "A grenade is picked up first, a détonation later.");
  g_assert_cmpuint (g_strv_length (e->related), ==, 1);

  e = sl_reference_lookup (ref, "A-55");
  g_assert_cmpstr (e->option, ==, "rateOfFireWindow");
  e = sl_reference_lookup (ref, "rateOfFireWindow");
  g_assert_cmpint (e->kind, ==, SL_REFERENCE_OPTION);
  g_assert_null (sl_reference_lookup (ref, "P-99"));
  g_assert_null (sl_reference_lookup (ref, NULL));

  {
    g_autofree char *label = sl_reference_entry_section_label (sl_reference_lookup (ref, "P-08"));

    g_assert_cmpstr (label, ==, "book §5.0, §9.6");
    g_assert_null (sl_reference_entry_section_label (sl_reference_lookup (ref, "P-05")));
  }
}

/* Lists in id order: T-10 before T-27 before T-34, kinds in their order. */
static void
test_list (void)
{
  g_autoptr(SlReference) ref = good_reference ();
  g_autoptr(GPtrArray) all = sl_reference_list (ref, -1);
  g_autoptr(GPtrArray) tables = sl_reference_list (ref, SL_REFERENCE_TABLE);
  g_autoptr(GPtrArray) procedures = sl_reference_list (ref, SL_REFERENCE_PROCEDURE);
  g_autoptr(GPtrArray) options = sl_reference_list (ref, SL_REFERENCE_OPTION);
  const char *order[] = { "T-10", "T-27", "T-34", "P-05", "P-08", "P-34", "E-16", "A-55", "A-92",
                          "rateOfFireWindow" };

  g_assert_cmpuint (all->len, ==, G_N_ELEMENTS (order));
  for (guint i = 0; i < all->len; i++)
    g_assert_cmpstr (((SlReferenceEntry *) g_ptr_array_index (all, i))->id, ==, order[i]);
  g_assert_cmpuint (tables->len, ==, 3);
  g_assert_cmpuint (procedures->len, ==, 3);
  g_assert_cmpuint (options->len, ==, 1);
  g_assert_cmpint (sl_reference_kind_from_name ("ruling"), ==, SL_REFERENCE_RULING);
  g_assert_cmpint (sl_reference_kind_from_name ("rules"), ==, -1);
  g_assert_cmpstr (sl_reference_kind_name (SL_REFERENCE_OPTION), ==, "option");
  g_assert_cmpstr (sl_reference_kind_label (SL_REFERENCE_OPTION), ==, "Rule option");
}

static char *
search_ids (SlReference *ref,
            const char  *words)
{
  g_autoptr(GPtrArray) found = sl_reference_search (ref, words);
  g_autoptr(GString) ids = g_string_new (NULL);

  for (guint i = 0; i < found->len; i++)
    g_string_append_printf (ids, "%s%s", i ? " " : "", ((SlReferenceEntry *) g_ptr_array_index (found, i))->id);
  return g_string_free (g_steal_pointer (&ids), FALSE);
}

static void
test_search (void)
{
  g_autoptr(SlReference) ref = good_reference ();
  struct
  {
    const char *words;
    const char *ids;
  } cases[] = {
    /* Words in the title first, then id order. */
    { "grenade", "T-27 P-34 A-92" },
    { "GRENADE landing", "T-27 P-34" },
    /* Accents and case do not matter, either way. */
    { "detonation", "A-92" },
    { "DÉTONATION", "A-92" },
    /* The ruling is searched, the table's cells are not. */
    { "picked", "A-92" },
    { "marsh", "" },
    /* An id typed whole comes first. */
    { "p-34", "P-34" },
    { "A-55", "A-55" },
    { "rateoffirewindow", "rateOfFireWindow" },
    { "counted", "A-55" },
    { "", "" },
    { "   ", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *ids = search_ids (ref, cases[i].words);

      g_test_message ("search “%s”", cases[i].words);
      g_assert_cmpstr (ids, ==, cases[i].ids);
    }
}

static void
test_cite (void)
{
  g_autoptr(SlReference) ref = good_reference ();
  struct
  {
    const char *message;
    const char *cited;
  } cases[] = {
    { "Pick up a grenade first (P-34 step 1, A-92).",
      "Pick up a grenade first (P-34 step 1, A-92; book §9.6, §4.1)." },
    /* Each section once, in the order cited. */
    { "Fire first (P-08 step 3, P-34, T-27).", "Fire first (P-08 step 3, P-34, T-27; book §5.0, §9.6)." },
    /* Option ids and unknown ids add nothing; an id without a section neither. */
    { "Per turn (rateOfFireWindow).", "Per turn (rateOfFireWindow)." },
    { "Unknown (P-99).", "Unknown (P-99)." },
    { "No section (P-05).", "No section (P-05)." },
    { "Mixed (P-99, A-92).", "Mixed (P-99, A-92; book §4.1)." },
    /* A letter after the number: its own entry or its table's. */
    { "Garbled (T-34a).", "Garbled (T-34a; book §9.6)." },
    /* Several groups, and ids outside parentheses. */
    { "(T-27) and (A-92)", "(T-27; book §9.6) and (A-92; book §4.1)" },
    { "Type the d10 of T-27: 1–9.", "Type the d10 of T-27 (book §9.6): 1–9." },
    /* A citation of several ids, and what qualifies the last one. */
    { "One of the tables T-10, T-27 and T-34.", "One of the tables T-10, T-27 and T-34 (book §6.0, §9.6)." },
    { "Applied · T-27 G, A-92", "Applied · T-27 G, A-92 (book §9.6, §4.1)" },
    { "See P-34 step 1: then T-10.", "See P-34 step 1 (book §9.6): then T-10 (book §6.0)." },
    /* A section given by hand stays alone. */
    { "Hide by agreement (P-34, §9.1).", "Hide by agreement (P-34, §9.1)." },
    { "Hide by agreement (P-34 (§9.1)).", "Hide by agreement (P-34 (§9.1))." },
    /* Not ids. */
    { "A-1234, XT-27, T-2, (§15.1), P-34x2", "A-1234, XT-27, T-2, (§15.1), P-34x2" },
    /* Text with markup characters is kept as it is. */
    { "<Hale> & co (A-92)", "<Hale> & co (A-92; book §4.1)" },
    { "Nothing cited.", "Nothing cited." },
    { "", "" },
    { "Unclosed (A-92", "Unclosed (A-92" },
    { "Nested (a (A-92) b)", "Nested (a (A-92; book §4.1) b)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *cited = sl_reference_cite (ref, cases[i].message);
      g_autofree char *again = sl_reference_cite (ref, cited);

      g_test_message ("cite “%s”", cases[i].message);
      g_assert_cmpstr (cited, ==, cases[i].cited);
      /* Idempotent. */
      g_assert_cmpstr (again, ==, cited);
    }
  g_assert_null (sl_reference_cite (ref, NULL));
}

/* Each kind of broken file or entry: left out, the rest kept, and the
 * message names the file, the entry and the field. */
static void
test_bad (void)
{
  struct
  {
    const char *text;
    const char *problem;   /* a part of the only problem */
    guint       kept;      /* entries kept from this file */
  } cases[] = {
    { "{\"format\": 1, \"entries\": [", "bad.json: This is not valid JSON", 0 },
    { "[]", "bad.json: ", 0 },
    { "{\"format\": 2, \"entries\": []}", "bad.json: format: ", 0 },
    { "{\"entries\": []}", "bad.json: format: ", 0 },
    { "{\"format\": 1}", "bad.json: entries: ", 0 },
    { "{\"format\": 1, \"entries\": [], \"extra\": 1}", "bad.json: extra: ", 0 },
    { "{\"format\": 1, \"entries\": [3]}", "bad.json: entries[0]: An entry is an object.", 0 },
    /* Unknown kind. */
    { "{\"format\": 1, \"entries\": [{\"id\": \"P-40\", \"kind\": \"rule\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\"}]}",
      "bad.json: P-40: kind: ", 0 },
    /* Id and kind that do not match. */
    { "{\"format\": 1, \"entries\": [{\"id\": \"P-40\", \"kind\": \"table\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\","
      " \"table\": {\"columns\": [\"a\"], \"rows\": [[\"b\"]]}}]}",
      "bad.json: P-40: id: An entry of kind “table” has an id “T-nn”", 0 },
    { "{\"format\": 1, \"entries\": [{\"id\": \"P-4\", \"kind\": \"procedure\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\"}]}",
      "bad.json: P-4: id: ", 0 },
    { "{\"format\": 1, \"entries\": [{\"id\": \"noSuchOption\", \"kind\": \"option\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\"}]}",
      "bad.json: noSuchOption: id: There is no rule option “noSuchOption”", 0 },
    /* Missing fields. */
    { "{\"format\": 1, \"entries\": [{\"kind\": \"procedure\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\"}]}",
      "bad.json: entries[0]: id: ", 0 },
    { "{\"format\": 1, \"entries\": [{\"id\": \"P-40\", \"kind\": \"procedure\", \"section\": \"\", \"text\": \"x\"}]}",
      "bad.json: P-40: title: ", 0 },
    { "{\"format\": 1, \"entries\": [{\"id\": \"P-40\", \"kind\": \"procedure\", \"title\": \"x\", \"text\": \"x\"}]}",
      "bad.json: P-40: section: ", 0 },
    { "{\"format\": 1, \"entries\": [{\"id\": \"P-40\", \"kind\": \"procedure\", \"title\": \"x\", \"section\": \"\", \"text\": \"\"}]}",
      "bad.json: P-40: text: The text is empty.", 0 },
    { "{\"format\": 1, \"entries\": [{\"id\": \"P-40\", \"kind\": \"procedure\", \"title\": \"x\", \"section\": \"§10.0\", \"text\": \"x\"}]}",
      "bad.json: P-40: section: ", 0 },
    /* A ruling without its ruling; a ruling's fields elsewhere. */
    { "{\"format\": 1, \"entries\": [{\"id\": \"A-40\", \"kind\": \"ruling\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\"}]}",
      "bad.json: A-40: ruling: ", 0 },
    { "{\"format\": 1, \"entries\": [{\"id\": \"P-40\", \"kind\": \"procedure\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\", \"ruling\": \"y\"}]}",
      "bad.json: P-40: ruling: Only a ruling has a “ruling”.", 0 },
    { "{\"format\": 1, \"entries\": [{\"id\": \"A-40\", \"kind\": \"ruling\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\", \"ruling\": \"y\", \"option\": \"nope\"}]}",
      "bad.json: A-40: option: There is no rule option “nope”", 0 },
    { "{\"format\": 1, \"entries\": [{\"id\": \"P-40\", \"kind\": \"procedure\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\", \"option\": \"stackCover\"}]}",
      "bad.json: P-40: option: ", 0 },
    /* Tables: required, and every row as wide as the columns. */
    { "{\"format\": 1, \"entries\": [{\"id\": \"T-40\", \"kind\": \"table\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\"}]}",
      "bad.json: T-40: table: ", 0 },
    { "{\"format\": 1, \"entries\": [{\"id\": \"T-40\", \"kind\": \"table\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\","
      " \"table\": {\"columns\": [\"a\", \"b\"], \"rows\": [[\"1\", \"2\"], [\"3\"]]}}]}",
      "bad.json: T-40: table.rows[1]: Expected 2 cells, one per column, not 1.", 0 },
    { "{\"format\": 1, \"entries\": [{\"id\": \"T-40\", \"kind\": \"table\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\","
      " \"table\": {\"columns\": [\"a\"], \"rows\": [[3]]}}]}",
      "bad.json: T-40: table.rows[0][0]: ", 0 },
    { "{\"format\": 1, \"entries\": [{\"id\": \"T-40\", \"kind\": \"table\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\","
      " \"table\": {\"columns\": [\"a\"], \"rows\": []}}]}",
      "bad.json: T-40: table.rows: The table has no rows.", 0 },
    { "{\"format\": 1, \"entries\": [{\"id\": \"P-40\", \"kind\": \"procedure\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\","
      " \"table\": {\"columns\": [\"a\"], \"rows\": [[\"b\"]]}}]}",
      "bad.json: P-40: table: Only a table has a “table”.", 0 },
    /* Related: at most 8, not itself, each in the reference. */
    { "{\"format\": 1, \"entries\": [{\"id\": \"P-40\", \"kind\": \"procedure\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\","
      " \"related\": [\"P-40\"]}]}",
      "bad.json: P-40: related: An entry is not related to itself.", 0 },
    { "{\"format\": 1, \"entries\": [{\"id\": \"P-40\", \"kind\": \"procedure\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\","
      " \"related\": [\"P-01\", \"P-02\", \"P-03\", \"P-04\", \"P-05\", \"P-06\", \"P-07\", \"P-08\", \"P-09\"]}]}",
      "bad.json: P-40: related: ", 0 },
    { "{\"format\": 1, \"entries\": [{\"id\": \"P-40\", \"kind\": \"procedure\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\","
      " \"related\": [\"P-34\", \"P-77\"]}]}",
      "bad.json: P-40: related[1]: There is no entry “P-77” in the reference.", 1 },
    /* A field nobody knows. */
    { "{\"format\": 1, \"entries\": [{\"id\": \"P-40\", \"kind\": \"procedure\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\", \"see\": []}]}",
      "bad.json: P-40: see: ", 0 },
    /* An id given twice: the second is left out. */
    { "{\"format\": 1, \"entries\": [{\"id\": \"P-34\", \"kind\": \"procedure\", \"title\": \"x\", \"section\": \"\", \"text\": \"x\"}]}",
      "bad.json: P-34: id: The id “P-34” is in procedures.json already.", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      /* "procedures.json" sorts before "bad.json" does not matter: the
       * order is the names' as given. */
      const char *names[] = { "procedures.json", "rulings.json", "tables.json", "bad.json", NULL };
      const char *texts[] = { good_procedures, good_rulings, good_tables, cases[i].text, NULL };
      g_autoptr(SlReference) ref = sl_reference_load_texts (names, texts);
      const char * const *problems = sl_reference_get_problems (ref);

      g_test_message ("case %u: %s", i, cases[i].text);
      g_assert_nonnull (problems[0]);
      g_test_message ("problem: %s", problems[0]);
      g_assert_nonnull (strstr (problems[0], cases[i].problem));
      g_assert_null (problems[1]);
      /* The good files are all there. */
      g_assert_cmpuint (sl_reference_get_n_entries (ref), ==, 10 + cases[i].kept);
      g_assert_cmpstr (sl_reference_lookup (ref, "P-34")->title, ==, "Throwing a hand grenade");
    }
}

/* A folder: only its *.json files, in name order; one that is not a
 * regular file is named; a missing folder is an error. */
static void
test_dir (void)
{
  g_autofree char *dir = g_dir_make_tmp ("squadlog-reference-XXXXXX", NULL);
  g_autofree char *a = g_build_filename (dir, "a.json", NULL);
  g_autofree char *b = g_build_filename (dir, "b.json", NULL);
  g_autofree char *c = g_build_filename (dir, "notes.txt", NULL);
  g_autofree char *d = g_build_filename (dir, "d.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(SlReference) ref = NULL;
  g_autofree char *missing = g_build_filename (dir, "nowhere", NULL);

  g_assert_true (g_file_set_contents (a, good_procedures, -1, NULL));
  g_assert_true (g_file_set_contents (b, good_procedures, -1, NULL));
  g_assert_true (g_file_set_contents (c, "not json", -1, NULL));
  g_assert_cmpint (g_mkdir (d, 0700), ==, 0);
  ref = sl_reference_load_dir (dir, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sl_reference_get_n_entries (ref), ==, 3);
  /* d.json is a folder; b.json's three ids are there already; P-34's
   * related ids are nowhere. */
  g_assert_cmpuint (g_strv_length ((char **) sl_reference_get_problems (ref)), ==, 6);
  g_assert_nonnull (strstr (sl_reference_get_problems (ref)[0], "d.json: "));
  g_assert_nonnull (strstr (sl_reference_get_problems (ref)[1], "b.json: P-34: id: "));
  g_assert_nonnull (strstr (sl_reference_get_problems (ref)[4], "a.json: P-34: related[0]: "));
  g_assert_cmpstr (sl_reference_lookup (ref, "P-34")->file, ==, "a.json");

  g_assert_null (sl_reference_load_dir (missing, &error));
  g_assert_error (error, SL_REFERENCE_ERROR, SL_REFERENCE_ERROR_NOT_FOUND);

  g_unlink (a);
  g_unlink (b);
  g_unlink (c);
  g_rmdir (d);
  g_rmdir (dir);
}

/* The shipped data */

static SlReference *
shipped (void)
{
  g_autofree char *dir = g_build_filename (SL_SOURCE_DATADIR, "reference", NULL);
  g_autoptr(GError) error = NULL;
  SlReference *ref = sl_reference_load_dir (dir, &error);

  g_assert_no_error (error);
  return ref;
}

static void
test_shipped_valid (void)
{
  g_autoptr(SlReference) ref = shipped ();
  const char * const *problems = sl_reference_get_problems (ref);

  for (guint i = 0; problems[i] != NULL; i++)
    g_test_message ("%s", problems[i]);
  g_assert_null (problems[0]);
  /* The default reference is the same data (SQUADLOG_DATA_DIR). */
  g_assert_cmpuint (sl_reference_get_n_entries (sl_reference_get_default ()), ==,
                    sl_reference_get_n_entries (ref));
}

static void
add_id_cb (const char *text,
           gsize       offset,
           gsize       length,
           gpointer    user_data)
{
  GHashTable *ids = user_data;
  /* T-34a is cited as T-34's: the regex of the digest's ids, [TPEA]-nn[n]. */
  gsize n = g_ascii_isalpha (text[offset + length - 1]) ? length - 1 : length;

  g_hash_table_add (ids, g_strndup (text + offset, n));
}

static void
scan_file (const char *path,
           GHashTable *ids,
           GHashTable *where)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GHashTable) found = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer key;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  sl_reference_foreach_id (text, add_id_cb, found);
  g_hash_table_iter_init (&iter, found);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      if (!g_hash_table_contains (where, key))
        g_hash_table_insert (where, g_strdup (key), g_strdup (path));
      g_hash_table_add (ids, g_strdup (key));
    }
}

static void
scan_tree (const char *dir,
           GHashTable *ids,
           GHashTable *where)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  g_assert_nonnull (d);
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        scan_tree (path, ids, where);
      else if (g_str_has_suffix (name, ".c") || g_str_has_suffix (name, ".h") || g_str_has_suffix (name, ".json"))
        scan_file (path, ids, where);
    }
}

/* Every id cited by the program (src/), the rules data, the scenarios and
 * docs/resolve.md, and every rule option, has an entry. */
static void
test_shipped_complete (void)
{
  g_autoptr(SlReference) ref = shipped ();
  g_autoptr(GHashTable) ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) where = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autofree char *src = g_build_filename (SL_SOURCE_DATADIR, "..", "src", NULL);
  g_autofree char *rules = g_build_filename (SL_SOURCE_DATADIR, "rules", NULL);
  g_autofree char *scenarios = g_build_filename (SL_SOURCE_DATADIR, "scenarios", NULL);
  g_autofree char *resolve = g_build_filename (SL_SOURCE_DATADIR, "..", "docs", "resolve.md", NULL);
  g_autoptr(GPtrArray) missing = g_ptr_array_new_with_free_func (g_free);
  GHashTableIter iter;
  gpointer key;

  scan_tree (src, ids, where);
  scan_tree (rules, ids, where);
  scan_tree (scenarios, ids, where);
  scan_file (resolve, ids, where);
  /* The program cites over two hundred (issue 22). */
  g_assert_cmpuint (g_hash_table_size (ids), >=, 200);
  for (guint i = 0; i < sl_options_n_known (); i++)
    {
      g_hash_table_add (ids, g_strdup (sl_options_known_id (i)));
      g_hash_table_insert (where, g_strdup (sl_options_known_id (i)), g_strdup ("src/core/rules/sl-options.c"));
    }

  /* Not citations: sl-setup.c's example of an id longer than P-36. */
  g_hash_table_remove (ids, "P-361");

  g_hash_table_iter_init (&iter, ids);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (sl_reference_lookup (ref, key) == NULL)
      g_ptr_array_add (missing, g_strdup_printf ("%s (cited in %s)", (char *) key,
                                                 (char *) g_hash_table_lookup (where, key)));
  g_ptr_array_sort (missing, (GCompareFunc) g_strcmp0);
  for (guint i = 0; i < missing->len; i++)
    g_test_message ("no entry for %s", (char *) g_ptr_array_index (missing, i));
  g_assert_cmpuint (missing->len, ==, 0);

  /* Every entry a player can read: a title, a text, a ruling for a ruling,
   * a table for a table. */
  {
    g_autoptr(GPtrArray) all = sl_reference_list (ref, -1);

    for (guint i = 0; i < all->len; i++)
      {
        const SlReferenceEntry *e = g_ptr_array_index (all, i);

        g_assert_true (*e->title && *e->text);
        g_assert_true ((e->kind == SL_REFERENCE_RULING) == (e->ruling != NULL));
        g_assert_true ((e->kind == SL_REFERENCE_TABLE) == (e->rows != NULL));
      }
  }
}

/* Every option entry names the ruling that made the option, and a ruling
 * naming an option is named back. */
static void
test_shipped_options (void)
{
  g_autoptr(SlReference) ref = shipped ();
  SlRules *rules = sl_test_rules ();

  for (guint i = 0; i < sl_option_set_size (rules->options); i++)
    {
      const SlOptionDef *def = sl_option_set_get (rules->options, i);
      const SlReferenceEntry *e = sl_reference_lookup (ref, def->id);

      g_assert_nonnull (e);
      g_assert_cmpint (e->kind, ==, SL_REFERENCE_OPTION);
      g_assert_cmpstr (e->title, ==, def->title);
      g_assert_true (g_strv_contains ((const char * const *) e->related, def->ref));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/reference/good", test_good);
  g_test_add_func ("/reference/list", test_list);
  g_test_add_func ("/reference/search", test_search);
  g_test_add_func ("/reference/cite", test_cite);
  g_test_add_func ("/reference/bad", test_bad);
  g_test_add_func ("/reference/dir", test_dir);
  g_test_add_func ("/reference/shipped-valid", test_shipped_valid);
  g_test_add_func ("/reference/shipped-complete", test_shipped_complete);
  g_test_add_func ("/reference/shipped-options", test_shipped_options);
  return g_test_run ();
}
