/* sl-reference-window.c: the rules reference (F1) — a search and the
 * entries by kind in the sidebar, the entry shown beside it (its kind and
 * book section, its text, the ruling, the table as a table, the entries to
 * read next), and the open game's page: the scenario's special conditions
 * and the rule options in force, those that change a rule marked. It reads
 * the rules reference, the scenario's public texts and the game's options,
 * never a side's secret.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "sl-json.h"
#include "sl-options.h"
#include "sl-reference-window-private.h"
#include "sl-reference-window.h"
#include "sl-reference.h"
#include "sl-rule-links.h"
#include "sl-ui-util.h"
#include "sl-window.h"

/* The kinds of the drop-down, after "Every Entry". */
#define KIND_ALL 0

struct _SlReferenceWindow
{
  AdwWindow          parent_instance;

  AdwLeaflet        *leaflet;
  GtkSearchEntry    *search;
  GtkDropDown       *kind;
  GtkListBox        *list;
  AdwWindowTitle    *entry_title;
  GtkScrolledWindow *scroller;
  GtkBox            *page;

  SlReference       *reference;
  SlGame            *game;
  GtkWidget         *game_row;   /* "This Game", when there is a game */
  GHashTable        *rank;       /* entry -> place in the search + 1; NULL: no search */
  char              *shown;      /* an entry's id, "game", or NULL */
  GString           *page_text;
  gboolean           refocus;    /* the focus was on the page taken down */
  GPtrArray         *visited;    /* ids shown before, for Alt+Left */
};

G_DEFINE_FINAL_TYPE (SlReferenceWindow, sl_reference_window, ADW_TYPE_WINDOW)

static gboolean show (SlReferenceWindow *self,
                      const char        *id,
                      gboolean           remember);

/* The page */

/* A new page in place of the one shown. */
static void
clear_page (SlReferenceWindow *self)
{
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  /* The focus leaves the page before it goes (GTK 4.8 would keep a
   * focused link's label after it is gone); show() puts it back. */
  if (focus != NULL && self->page != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->page)))
    {
      gtk_window_set_focus (GTK_WINDOW (self), NULL);
      self->refocus = TRUE;
    }

  self->page = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 12));
  gtk_widget_set_margin_start (GTK_WIDGET (self->page), 18);
  gtk_widget_set_margin_end (GTK_WIDGET (self->page), 18);
  gtk_widget_set_margin_top (GTK_WIDGET (self->page), 18);
  gtk_widget_set_margin_bottom (GTK_WIDGET (self->page), 24);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 760);
  adw_clamp_set_child (ADW_CLAMP (clamp), GTK_WIDGET (self->page));
  gtk_scrolled_window_set_child (self->scroller, clamp);
  g_string_truncate (self->page_text, 0);
}

/* A label of the page: @markup is Pango markup (links opening the
 * reference), @plain what it says, for the page's text. */
static GtkWidget *
add_label (SlReferenceWindow *self,
           GtkBox            *box,
           const char        *markup,
           const char        *plain,
           const char        *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  g_signal_connect (label, "activate-link", G_CALLBACK (sl_rule_links_activate_cb), NULL);
  gtk_box_append (box, label);
  g_string_append_printf (self->page_text, "%s\n", plain);
  return label;
}

/* Plain text as a label of the page, its rule ids as links (the entries'
 * own texts: their citations are left as written). */
static GtkWidget *
add_text (SlReferenceWindow *self,
          GtkBox            *box,
          const char        *text,
          const char        *css_class)
{
  g_autofree char *markup = sl_rule_links_markup (text, FALSE);

  return add_label (self, box, markup, text, css_class);
}

static GtkWidget *
add_heading (SlReferenceWindow *self,
             const char        *text)
{
  g_autofree char *markup = g_markup_escape_text (text, -1);
  GtkWidget *label = add_label (self, self->page, markup, text, "heading");

  gtk_widget_set_margin_top (label, 12);
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LEVEL, 2, -1);
  return label;
}

/* Whether the game plays @def otherwise than by default; the two values
 * in words. */
static gboolean
option_changed (SlReferenceWindow  *self,
                const SlOptionDef  *def,
                char              **value,
                char              **book)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  g_autoptr(JsonNode) now = sl_option_get_json (def, sl_game_get_setup (self->game)->options);
  g_autoptr(JsonNode) by_default = sl_option_get_json (def, sl_option_set_defaults (rules->options));

  if (value != NULL)
    *value = sl_option_value_text (now);
  if (book != NULL)
    *book = sl_option_value_text (by_default);
  return !json_node_equal (now, by_default);
}

/* The rule options of the game that change @entry: the option itself, the
 * ruling's option, an option made by this ruling or naming this entry
 * among the rules it changes. */
static void
add_game_marks (SlReferenceWindow      *self,
                const SlReferenceEntry *entry)
{
  const SlRules *rules;
  GtkWidget *box = NULL;

  if (self->game == NULL)
    return;
  rules = sl_game_get_rules (self->game);
  for (guint i = 0; i < sl_option_set_size (rules->options); i++)
    {
      const SlOptionDef *def = sl_option_set_get (rules->options, i);
      const SlReferenceEntry *option = sl_reference_lookup (self->reference, def->id);
      g_autofree char *value = NULL;
      g_autofree char *book = NULL;
      g_autofree char *plain = NULL;
      g_autoptr(GString) markup = g_string_new (NULL);
      gboolean concerns = g_str_equal (def->id, entry->id) || g_strcmp0 (entry->option, def->id) == 0 ||
                          g_strcmp0 (def->ref, entry->id) == 0 ||
                          (option != NULL && g_strv_contains ((const char * const *) option->related, entry->id));

      if (!concerns)
        continue;
      if (!option_changed (self, def, &value, &book))
        {
          /* An option's own entry says how the game plays it all the same. */
          if (g_str_equal (def->id, entry->id))
            {
              g_autofree char *same = g_strdup_printf (_("In this game: “%s”, as by default."), value);

              add_text (self, self->page, same, "accent");
            }
          continue;
        }
      if (box == NULL)
        {
          box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
          gtk_widget_add_css_class (box, "card");
          gtk_widget_add_css_class (box, "reference-game");
          gtk_box_append (self->page, box);
        }
      /* Translators: on an entry of the rules reference, a rule option of
       * the game that changes it: "In this game, Rate-of-fire window is
       * “rolling” (by default “turn”): it changes this rule." */
      plain = g_strdup_printf (_("In this game, %s is “%s” (by default “%s”): it changes this rule."),
                               def->title, value, book);
      {
        g_autofree char *title = g_markup_escape_text (def->title, -1);
        g_autofree char *link = g_strdup_printf ("<a href=\"rule:%s\">%s</a>", def->id, title);
        g_autofree char *v = g_markup_escape_text (value, -1);
        g_autofree char *b = g_markup_escape_text (book, -1);

        g_string_printf (markup, _("In this game, %s is “%s” (by default “%s”): it changes this rule."),
                         link, v, b);
      }
      add_label (self, GTK_BOX (box), markup->str, plain, "accent");
    }
}

typedef struct
{
  SlReferenceWindow *self;
  char              *id;
} PendingShow;

static gboolean
show_later_cb (gpointer data)
{
  PendingShow *pending = data;

  show (pending->self, pending->id, TRUE);
  g_object_unref (pending->self);
  g_free (pending->id);
  g_free (pending);
  return G_SOURCE_REMOVE;
}

/* The row is on the page that showing another entry takes down: the
 * entry is shown once the row's activation is over. */
static void
related_activated_cb (AdwActionRow      *row,
                      SlReferenceWindow *self)
{
  PendingShow *pending = g_new0 (PendingShow, 1);

  pending->self = g_object_ref (self);
  pending->id = g_strdup (g_object_get_data (G_OBJECT (row), "id"));
  g_idle_add (show_later_cb, pending);
}

/* A row that opens an entry (or the game's page). */
static GtkWidget *
link_row (SlReferenceWindow *self,
          const char        *id,
          const char        *title,
          const char        *subtitle)
{
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data_full (G_OBJECT (row), "id", g_strdup (id), g_free);
  g_signal_connect (row, "activated", G_CALLBACK (related_activated_cb), self);
  g_string_append_printf (self->page_text, "%s\n%s\n", title, subtitle ? subtitle : "");
  return row;
}

/* "P-34 · Procedure · book §9.6" */
static char *
entry_subtitle (const SlReferenceEntry *entry)
{
  g_autofree char *section = sl_reference_entry_section_label (entry);

  if (section != NULL)
    /* Translators: an entry's id, kind and book section in the rules reference. */
    return g_strdup_printf (_("%s · %s · %s"), entry->id, sl_reference_kind_label (entry->kind), section);
  return g_strdup_printf ("%s · %s", entry->id, sl_reference_kind_label (entry->kind));
}

/* The table as a table: the heads, then the rows, each cell a label. */
static void
add_table (SlReferenceWindow      *self,
           const SlReferenceEntry *entry)
{
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *grid = gtk_grid_new ();
  guint n = g_strv_length (entry->columns);

  gtk_widget_add_css_class (grid, "reference-table");
  gtk_widget_set_halign (grid, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (grid), GTK_ACCESSIBLE_PROPERTY_LABEL, entry->title, -1);
  for (guint r = 0; r <= entry->rows->len; r++)
    {
      char **cells = r == 0 ? entry->columns : g_ptr_array_index (entry->rows, r - 1);

      for (guint c = 0; c < n; c++)
        {
          GtkWidget *label = gtk_label_new (NULL);
          g_autofree char *markup = sl_rule_links_markup (cells[c], FALSE);

          /* "per T-12": a link, as in the texts. */
          gtk_label_set_markup (GTK_LABEL (label), markup);
          g_signal_connect (label, "activate-link", G_CALLBACK (sl_rule_links_activate_cb), NULL);

          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
          gtk_label_set_xalign (GTK_LABEL (label), 0);
          gtk_label_set_selectable (GTK_LABEL (label), FALSE);
          gtk_widget_set_hexpand (label, FALSE);
          gtk_widget_add_css_class (label, r == 0 ? "heading" : (r % 2 == 0 ? "even" : "odd"));
          gtk_grid_attach (GTK_GRID (grid), label, c, r, 1, 1);
          g_string_append_printf (self->page_text, "%s%s", c ? " | " : "", cells[c]);
        }
      g_string_append_c (self->page_text, '\n');
    }
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), grid);
  gtk_box_append (self->page, scroller);
}

static void
build_entry (SlReferenceWindow      *self,
             const SlReferenceEntry *entry)
{
  g_autofree char *subtitle = entry_subtitle (entry);
  g_auto(GStrv) paragraphs = g_strsplit (entry->text, "\n\n", -1);
  g_autofree char *title = g_markup_escape_text (entry->title, -1);
  g_autofree char *meta = g_markup_escape_text (subtitle, -1);

  adw_window_title_set_title (self->entry_title, entry->title);
  adw_window_title_set_subtitle (self->entry_title, entry->id);
  add_label (self, self->page, title, entry->title, "title-1");
  add_label (self, self->page, meta, subtitle, "dim-label");
  add_game_marks (self, entry);
  for (guint i = 0; paragraphs[i] != NULL; i++)
    add_text (self, self->page, paragraphs[i], NULL);
  if (entry->ruling != NULL)
    {
      add_heading (self, _("What Squad Log Does"));
      add_text (self, self->page, entry->ruling, NULL);
    }
  if (entry->option != NULL)
    {
      const SlReferenceEntry *option = sl_reference_lookup (self->reference, entry->option);
      g_autofree char *name = g_markup_escape_text (option ? option->title : entry->option, -1);
      g_autofree char *link = g_strdup_printf ("<a href=\"rule:%s\">%s</a>", entry->option, name);
      /* Translators: a ruling and the rule option that changes it: %s is its title. */
      g_autofree char *markup = g_strdup_printf (_("A rule option changes it: %s."), link);
      g_autofree char *plain = g_strdup_printf (_("A rule option changes it: %s."),
                                                option ? option->title : entry->option);

      add_label (self, self->page, markup, plain, NULL);
    }
  if (entry->rows != NULL)
    add_table (self, entry);
  if (entry->related[0] != NULL)
    {
      GtkWidget *list = gtk_list_box_new ();

      add_heading (self, _("See Also"));
      gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
      gtk_widget_add_css_class (list, "boxed-list");
      gtk_accessible_update_property (GTK_ACCESSIBLE (list), GTK_ACCESSIBLE_PROPERTY_LABEL, _("See Also"), -1);
      for (guint i = 0; entry->related[i] != NULL; i++)
        {
          const SlReferenceEntry *related = sl_reference_lookup (self->reference, entry->related[i]);
          g_autofree char *sub = entry_subtitle (related);

          gtk_list_box_append (GTK_LIST_BOX (list), link_row (self, related->id, related->title, sub));
        }
      gtk_box_append (self->page, list);
    }
}

/* The rule options the game plays as by default, in the expander that
 * lists them, made when it first opens. */
static void
fill_others_cb (AdwExpanderRow    *expander,
                GParamSpec        *pspec,
                SlReferenceWindow *self)
{
  const SlRules *rules;
  gsize len = self->page_text->len;

  if (!adw_expander_row_get_expanded (expander) || g_object_get_data (G_OBJECT (expander), "filled") != NULL ||
      self->game == NULL)
    return;
  g_object_set_data (G_OBJECT (expander), "filled", GINT_TO_POINTER (TRUE));
  rules = sl_game_get_rules (self->game);
  for (guint i = 0; i < sl_option_set_size (rules->options); i++)
    {
      const SlOptionDef *def = sl_option_set_get (rules->options, i);
      g_autofree char *value = NULL;
      g_autofree char *subtitle = NULL;

      if (option_changed (self, def, &value, NULL))
        continue;
      subtitle = g_strdup_printf (_("“%s”, as by default · %s"), value, def->ref);
      adw_expander_row_add_row (expander, link_row (self, def->id, def->title, subtitle));
    }
  /* The page's text has them already. */
  g_string_truncate (self->page_text, len);
}

/* The scenario's special conditions on the game's page: the ones the app
 * applies and the ones the players keep, with the rules they come from. */
static void
build_game_conditions (SlReferenceWindow *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  GtkBox *conditions = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  guint n_conditions = 0;

  add_heading (self, _("Special Conditions"));
  gtk_box_append (self->page, GTK_WIDGET (conditions));
  for (guint i = 0; i < setup->conditions->len; i++)
    {
      const SlCondition *c = &g_array_index (setup->conditions, SlCondition, i);
      g_autofree char *how = NULL;

      if (c->text == NULL)
        continue;
      if (c->kind == SL_CONDITION_RESTRICTION)
        how = c->ref != NULL ? g_strdup_printf (_("For the players to keep · %s"), c->ref)
                             : g_strdup (_("For the players to keep"));
      else
        how = c->ref != NULL ? g_strdup_printf (_("Applied by Squad Log · %s"), c->ref)
                             : g_strdup (_("Applied by Squad Log"));
      add_text (self, conditions, c->text, NULL);
      {
        g_autofree char *markup = sl_rule_links_markup (how, TRUE);
        g_autofree char *plain = sl_reference_cite (NULL, how);

        add_label (self, conditions, markup, plain, "dim-label");
      }
      n_conditions++;
    }
  /* Conditions in words only (older or hand-written scenarios). */
  for (guint i = 0; i < setup->special->len; i++)
    {
      const char *text = g_ptr_array_index (setup->special, i);
      gboolean rule = FALSE;

      for (guint k = 0; k < setup->conditions->len && !rule; k++)
        rule = g_strcmp0 (g_array_index (setup->conditions, SlCondition, k).text, text) == 0;
      if (rule)
        continue;
      add_text (self, conditions, text, NULL);
      add_text (self, conditions, _("For the players to keep"), "dim-label");
      n_conditions++;
    }
  if (n_conditions == 0)
    add_text (self, conditions, _("This scenario has no special conditions."), "dim-label");
}

/* The rule options in force on the game's page: those that differ from
 * the book's reading listed and marked, the others under an expander. */
static void
build_game_options (SlReferenceWindow *self)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  GtkWidget *changed = gtk_list_box_new ();
  GtkWidget *others = gtk_list_box_new ();
  GtkWidget *expander = adw_expander_row_new ();
  guint n_changed = 0, n_others = 0;

  add_heading (self, _("Rule Options Changed in This Game"));
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (changed), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (changed, "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (changed), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Rule Options Changed in This Game"), -1);
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (others), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (others, "boxed-list");
  for (guint i = 0; i < sl_option_set_size (rules->options); i++)
    {
      const SlOptionDef *def = sl_option_set_get (rules->options, i);
      g_autofree char *value = NULL;
      g_autofree char *book = NULL;
      g_autofree char *subtitle = NULL;
      gboolean differs = option_changed (self, def, &value, &book);

      if (!differs)
        {
          /* The others are made when the expander first opens. */
          subtitle = g_strdup_printf (_("“%s”, as by default · %s"), value, def->ref);
          g_string_append_printf (self->page_text, "%s\n%s\n", def->title, subtitle);
          n_others++;
          continue;
        }
      {
        GtkWidget *badge = gtk_label_new (_("changed"));
        GtkWidget *row;

        /* Translators: a rule option changed in this game, its value and the default. */
        subtitle = g_strdup_printf (_("“%s” in this game, “%s” by default · changes %s"), value, book, def->ref);
        row = link_row (self, def->id, def->title, subtitle);
        gtk_widget_add_css_class (badge, "badge");
        gtk_widget_add_css_class (badge, "accent");
        gtk_widget_set_valign (badge, GTK_ALIGN_CENTER);
        adw_action_row_add_prefix (ADW_ACTION_ROW (row), badge);
        gtk_list_box_append (GTK_LIST_BOX (changed), row);
        n_changed++;
      }
    }
  if (n_changed == 0)
    add_text (self, self->page, _("None: this game plays every rule option as Squad Log does by default."),
              "dim-label");
  else
    gtk_box_append (self->page, changed);
  if (n_others > 0)
    {
      g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u rule option as by default",
                                                             "%u rule options as by default", n_others),
                                                n_others);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), title);
      g_signal_connect (expander, "notify::expanded", G_CALLBACK (fill_others_cb), self);
      gtk_list_box_append (GTK_LIST_BOX (others), expander);
      gtk_widget_set_margin_top (others, 12);
      gtk_box_append (self->page, others);
    }
  else
    {
      g_object_ref_sink (expander);
      g_object_unref (expander);
      g_object_ref_sink (others);
      g_object_unref (others);
    }
  if (n_changed == 0)
    {
      g_object_ref_sink (changed);
      g_object_unref (changed);
    }
}

/* The game's page: the scenario's special conditions, and the rule
 * options in force, those that differ from the book's reading marked. */
static void
build_game (SlReferenceWindow *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  g_autofree char *name = g_markup_escape_text (setup->name, -1);

  adw_window_title_set_title (self->entry_title, _("This Game"));
  adw_window_title_set_subtitle (self->entry_title, setup->name);
  add_label (self, self->page, name, setup->name, "title-1");
  add_text (self, self->page, _("The special conditions of the scenario and the rule options this game is played with."),
            "dim-label");
  build_game_conditions (self);
  build_game_options (self);
}

/* The list */

static void
select_row_of (SlReferenceWindow *self,
               const char        *id)
{
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row) && g_strcmp0 (g_object_get_data (G_OBJECT (row), "id"), id) == 0)
      {
        gtk_list_box_select_row (self->list, GTK_LIST_BOX_ROW (row));
        return;
      }
  gtk_list_box_unselect_all (self->list);
}

static gboolean
show (SlReferenceWindow *self,
      const char        *id,
      gboolean           remember)
{
  const SlReferenceEntry *entry = NULL;
  gboolean game = g_strcmp0 (id, "game") == 0;
  GtkWidget *focus;
  gboolean keep;

  if (game && self->game == NULL)
    return FALSE;
  if (!game)
    {
      entry = sl_reference_lookup (self->reference, id);
      if (entry == NULL)
        return FALSE;
    }
  /* Wide, the keyboard stays in the list or the search it was in. */
  focus = gtk_root_get_focus (GTK_ROOT (self));
  keep = focus != NULL && !adw_leaflet_get_folded (self->leaflet) &&
         !gtk_widget_is_ancestor (focus, gtk_scrolled_window_get_child (self->scroller));
  focus = keep ? g_object_ref (focus) : NULL;
  if (remember && self->shown != NULL)
    g_ptr_array_add (self->visited, g_strdup (self->shown));
  g_free (self->shown);
  self->shown = g_strdup (game ? "game" : entry->id);

  clear_page (self);
  if (game)
    build_game (self);
  else
    build_entry (self, entry);
  select_row_of (self, self->shown);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (self->scroller), 0);
  adw_leaflet_set_visible_child_name (self->leaflet, "entry");
  if (self->refocus)
    gtk_widget_child_focus (GTK_WIDGET (self->page), GTK_DIR_TAB_FORWARD);
  else if (focus != NULL && gtk_widget_get_root (focus) == GTK_ROOT (self))
    gtk_widget_grab_focus (focus);
  self->refocus = FALSE;
  g_clear_object (&focus);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "reference.back", self->visited->len > 0);
  return TRUE;
}

static void
row_activated_cb (GtkListBox        *list,
                  GtkListBoxRow     *row,
                  SlReferenceWindow *self)
{
  show (self, g_object_get_data (G_OBJECT (row), "id"), TRUE);
  /* From the list, the keyboard goes on in the page. */
  if (adw_leaflet_get_folded (self->leaflet))
    gtk_widget_child_focus (GTK_WIDGET (self->page), GTK_DIR_TAB_FORWARD);
}

static gboolean
filter_cb (GtkListBoxRow *row,
           gpointer       data)
{
  SlReferenceWindow *self = data;
  const SlReferenceEntry *entry = g_object_get_data (G_OBJECT (row), "entry");
  guint kind = gtk_drop_down_get_selected (self->kind);

  if (entry == NULL)  /* "This Game" */
    return self->rank == NULL && kind == KIND_ALL;
  if (kind != KIND_ALL && (guint) entry->kind != kind - 1)
    return FALSE;
  return self->rank == NULL || g_hash_table_contains (self->rank, entry);
}

static int
sort_cb (GtkListBoxRow *a,
         GtkListBoxRow *b,
         gpointer       data)
{
  SlReferenceWindow *self = data;
  const SlReferenceEntry *x = g_object_get_data (G_OBJECT (a), "entry");
  const SlReferenceEntry *y = g_object_get_data (G_OBJECT (b), "entry");
  int i = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (a), "index"));
  int j = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (b), "index"));

  if (self->rank != NULL && x != NULL && y != NULL)
    {
      i = GPOINTER_TO_INT (g_hash_table_lookup (self->rank, x));
      j = GPOINTER_TO_INT (g_hash_table_lookup (self->rank, y));
    }
  return i - j;
}

static void
search_changed_cb (SlReferenceWindow *self)
{
  const char *words = gtk_editable_get_text (GTK_EDITABLE (self->search));
  gboolean any = FALSE;

  for (const char *p = words; p != NULL && *p && !any; p++)
    any = !g_ascii_isspace (*p);
  g_clear_pointer (&self->rank, g_hash_table_unref);
  if (any)
    {
      g_autoptr(GPtrArray) found = sl_reference_search (self->reference, words);

      self->rank = g_hash_table_new (NULL, NULL);
      for (guint i = 0; i < found->len; i++)
        g_hash_table_insert (self->rank, g_ptr_array_index (found, i), GINT_TO_POINTER (i + 1));
    }
  gtk_list_box_invalidate_sort (self->list);
  gtk_list_box_invalidate_filter (self->list);
}

static GtkListBoxRow *
first_listed (SlReferenceWindow *self)
{
  GtkListBoxRow *first = NULL;
  int best = G_MAXINT;

  /* The list keeps its children in the sorted order. */
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row) && gtk_widget_get_child_visible (row) &&
        gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)) < best)
      {
        first = GTK_LIST_BOX_ROW (row);
        best = gtk_list_box_row_get_index (first);
      }
  return first;
}

/* Enter in the search shows the first entry found. */
static void
search_activate_cb (SlReferenceWindow *self)
{
  GtkListBoxRow *row = first_listed (self);

  if (row != NULL)
    show (self, g_object_get_data (G_OBJECT (row), "id"), TRUE);
}

/* Escape clears the search, then closes the window. */
static void
stop_search_cb (SlReferenceWindow *self)
{
  if (*gtk_editable_get_text (GTK_EDITABLE (self->search)) != '\0')
    gtk_editable_set_text (GTK_EDITABLE (self->search), "");
  else
    gtk_window_close (GTK_WINDOW (self));
}

/* ↓ from the search goes to the first row found. */
static gboolean
search_key_cb (GtkEventControllerKey *controller,
               guint                  keyval,
               guint                  keycode,
               GdkModifierType        state,
               SlReferenceWindow     *self)
{
  GtkListBoxRow *row;

  if (keyval != GDK_KEY_Down && keyval != GDK_KEY_KP_Down)
    return FALSE;
  row = first_listed (self);
  if (row != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (row));
  return row != NULL;
}

static void
kind_changed_cb (SlReferenceWindow *self)
{
  gtk_list_box_invalidate_filter (self->list);
}

/* A row of the list: the title over the id, kind and section. Plain
 * labels, not action rows: some 350 of them are made when the window
 * opens. */
static GtkWidget *
list_row (const char *id,
          const char *title,
          const char *subtitle,
          int         index)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *heading = gtk_label_new (title);
  GtkWidget *sub = gtk_label_new (subtitle);
  g_autofree char *name = g_strdup_printf ("%s, %s", title, subtitle);

  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_label_set_lines (GTK_LABEL (heading), 2);
  gtk_label_set_ellipsize (GTK_LABEL (heading), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (sub), 0);
  gtk_label_set_wrap (GTK_LABEL (sub), TRUE);
  gtk_widget_add_css_class (sub, "caption");
  gtk_widget_add_css_class (sub, "dim-label");
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_box_append (GTK_BOX (box), heading);
  gtk_box_append (GTK_BOX (box), sub);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  g_object_set_data_full (G_OBJECT (row), "id", g_strdup (id), g_free);
  g_object_set_data (G_OBJECT (row), "index", GINT_TO_POINTER (index));
  return row;
}

static void
fill_list (SlReferenceWindow *self)
{
  g_autoptr(GPtrArray) all = sl_reference_list (self->reference, -1);

  for (guint i = 0; i < all->len; i++)
    {
      const SlReferenceEntry *entry = g_ptr_array_index (all, i);
      g_autofree char *subtitle = entry_subtitle (entry);
      GtkWidget *row = list_row (entry->id, entry->title, subtitle, i + 1);

      g_object_set_data (G_OBJECT (row), "entry", (gpointer) entry);
      gtk_list_box_append (self->list, row);
    }
}

/* Actions */

static void
list_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  SlReferenceWindow *self = SL_REFERENCE_WINDOW (widget);

  adw_leaflet_set_visible_child_name (self->leaflet, "sidebar");
  gtk_widget_grab_focus (GTK_WIDGET (self->search));
}

static void
back_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  SlReferenceWindow *self = SL_REFERENCE_WINDOW (widget);
  g_autofree char *id = NULL;

  if (self->visited->len == 0)
    return;
  id = g_ptr_array_steal_index (self->visited, self->visited->len - 1);
  show (self, id, FALSE);
}

static void
sl_reference_window_dispose (GObject *object)
{
  SlReferenceWindow *self = SL_REFERENCE_WINDOW (object);

  g_clear_object (&self->game);
  G_OBJECT_CLASS (sl_reference_window_parent_class)->dispose (object);
}

static void
sl_reference_window_finalize (GObject *object)
{
  SlReferenceWindow *self = SL_REFERENCE_WINDOW (object);

  g_clear_pointer (&self->reference, sl_reference_unref);
  g_clear_pointer (&self->rank, g_hash_table_unref);
  g_clear_pointer (&self->visited, g_ptr_array_unref);
  g_string_free (self->page_text, TRUE);
  g_free (self->shown);
  G_OBJECT_CLASS (sl_reference_window_parent_class)->finalize (object);
}

static void
sl_reference_window_class_init (SlReferenceWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sl_reference_window_dispose;
  object_class->finalize = sl_reference_window_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/squadlog/SquadLog/sl-reference-window.ui");
  gtk_widget_class_bind_template_child (widget_class, SlReferenceWindow, leaflet);
  gtk_widget_class_bind_template_child (widget_class, SlReferenceWindow, search);
  gtk_widget_class_bind_template_child (widget_class, SlReferenceWindow, kind);
  gtk_widget_class_bind_template_child (widget_class, SlReferenceWindow, list);
  gtk_widget_class_bind_template_child (widget_class, SlReferenceWindow, entry_title);
  gtk_widget_class_bind_template_child (widget_class, SlReferenceWindow, scroller);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_activate_cb);
  gtk_widget_class_bind_template_callback (widget_class, stop_search_cb);
  gtk_widget_class_bind_template_callback (widget_class, search_key_cb);
  gtk_widget_class_bind_template_callback (widget_class, kind_changed_cb);

  gtk_widget_class_install_action (widget_class, "reference.list", NULL, list_action);
  gtk_widget_class_install_action (widget_class, "reference.back", NULL, back_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "reference.list", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F1, 0, "reference.list", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "reference.back", NULL);
  sl_window_class_bind_close_keys (widget_class);
}

static void
sl_reference_window_init (SlReferenceWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->page_text = g_string_new (NULL);
  clear_page (self);
  self->reference = sl_reference_ref (sl_reference_get_default ());
  self->visited = g_ptr_array_new_with_free_func (g_free);

  gtk_list_box_set_filter_func (self->list, filter_cb, self, NULL);
  gtk_list_box_set_sort_func (self->list, sort_cb, self, NULL);
  fill_list (self);
  /* Typing anywhere in the window searches. */
  gtk_search_entry_set_key_capture_widget (self->search, GTK_WIDGET (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "reference.back", FALSE);
  gtk_window_set_hide_on_close (GTK_WINDOW (self), TRUE);
}

SlReferenceWindow *
sl_reference_window_new (GtkWindow *parent,
                         SlGame    *game)
{
  SlReferenceWindow *self = g_object_new (SL_TYPE_REFERENCE_WINDOW, "transient-for", parent, NULL);

  sl_reference_window_set_game (self, game);
  return self;
}

void
sl_reference_window_set_game (SlReferenceWindow *self,
                              SlGame            *game)
{
  g_return_if_fail (SL_IS_REFERENCE_WINDOW (self));

  if (self->game == game)
    return;
  g_set_object (&self->game, game);
  if (self->game_row != NULL)
    gtk_list_box_remove (self->list, self->game_row);
  self->game_row = NULL;
  if (game != NULL)
    {
      self->game_row = list_row ("game", _("This Game"), sl_game_get_setup (game)->name, 0);
      gtk_list_box_prepend (self->list, self->game_row);
    }
  /* What was shown of another game goes. */
  if (g_strcmp0 (self->shown, "game") == 0)
    {
      g_clear_pointer (&self->shown, g_free);
      if (game != NULL)
        show (self, "game", FALSE);
      else
        clear_page (self);
    }
  g_ptr_array_remove_range (self->visited, 0, self->visited->len);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "reference.back", FALSE);
}

gboolean
sl_reference_window_show_entry (SlReferenceWindow *self,
                                const char        *id)
{
  g_return_val_if_fail (SL_IS_REFERENCE_WINDOW (self), FALSE);
  return show (self, id, TRUE);
}

gboolean
sl_reference_window_show_game (SlReferenceWindow *self)
{
  g_return_val_if_fail (SL_IS_REFERENCE_WINDOW (self), FALSE);
  return show (self, "game", TRUE);
}

const char *
sl_reference_window_get_shown (SlReferenceWindow *self)
{
  g_return_val_if_fail (SL_IS_REFERENCE_WINDOW (self), NULL);
  return self->shown;
}

char *
sl_reference_window_get_page_text (SlReferenceWindow *self)
{
  g_return_val_if_fail (SL_IS_REFERENCE_WINDOW (self), NULL);
  return g_strdup (self->page_text->str);
}

void
sl_reference_window_focus_search (SlReferenceWindow *self)
{
  g_return_if_fail (SL_IS_REFERENCE_WINDOW (self));

  /* Narrow, the entry shown stays in view (Ctrl+F goes to the search). */
  if (!adw_leaflet_get_folded (self->leaflet) || self->shown == NULL)
    list_action (GTK_WIDGET (self), NULL, NULL);
}

void
sl_reference_window_search (SlReferenceWindow *self,
                            const char        *words)
{
  g_return_if_fail (SL_IS_REFERENCE_WINDOW (self));
  adw_leaflet_set_visible_child_name (self->leaflet, "sidebar");
  gtk_editable_set_text (GTK_EDITABLE (self->search), words);
  /* Not waiting for the entry's delay. */
  search_changed_cb (self);
}

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  return sort_cb (*(GtkListBoxRow * const *) a, *(GtkListBoxRow * const *) b, data);
}

GPtrArray *
sl_reference_window_get_listed (SlReferenceWindow *self)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GPtrArray *ids = g_ptr_array_new ();

  g_return_val_if_fail (SL_IS_REFERENCE_WINDOW (self), ids);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    if (GTK_IS_LIST_BOX_ROW (row) && filter_cb (GTK_LIST_BOX_ROW (row), self))
      g_ptr_array_add (rows, row);
  g_ptr_array_sort_with_data (rows, compare_rows, self);
  for (guint i = 0; i < rows->len; i++)
    g_ptr_array_add (ids, g_object_get_data (G_OBJECT (g_ptr_array_index (rows, i)), "id"));
  return ids;
}

void
sl_reference_window_open (GtkWidget  *from,
                          const char *id)
{
  GtkRoot *root;
  GtkWindow *window;
  SlReferenceWindow *reference;

  g_return_if_fail (GTK_IS_WIDGET (from));

  root = gtk_widget_get_root (from);
  if (SL_IS_REFERENCE_WINDOW (root))
    {
      sl_reference_window_show_entry (SL_REFERENCE_WINDOW (root), id);
      return;
    }
  /* The table's window: @from's, or the one its sheet belongs to. */
  window = GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL;
  while (window != NULL && !SL_IS_WINDOW (window))
    window = gtk_window_get_transient_for (window);
  if (window == NULL)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();

      for (guint i = 0; i < g_list_model_get_n_items (toplevels) && window == NULL; i++)
        {
          g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

          if (SL_IS_WINDOW (w))
            window = GTK_WINDOW (w);
        }
    }
  if (window != NULL)
    reference = sl_window_get_reference (SL_WINDOW (window));
  else
    reference = sl_reference_window_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, NULL);
  sl_reference_window_show_entry (reference, id);
  gtk_window_present (GTK_WINDOW (reference));
}
