/* sl-squad-log.c: one squad's log as players know it (T-04)
 *
 * The log is a grid: a heading row, then one row per unit of the squad.
 * The cells are made once and updated in place whenever the game changes,
 * so that a resolution shows within the frame.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-ammunition.h"
#include "sl-boxes.h"
#include "sl-squad-log.h"
#include "sl-unit-log.h"

static const char * const column_ids[] = {
  "counter", "name", "points", "race", "armor", "weapon", "mod", "ammo", "wounds",
  "position", "equipment", "action", "status", NULL
};

enum
{
  COL_COUNTER,
  COL_NAME,
  COL_POINTS,
  COL_RACE,
  COL_ARMOR,
  COL_WEAPON,
  COL_MOD,
  COL_AMMO,
  COL_WOUNDS,
  COL_POSITION,
  COL_EQUIPMENT,
  COL_ACTION,
  COL_STATUS,
  N_COLUMNS
};

/* Where each field is on screen: its own grid column, or -1 when it is
 * told in the line under the unit's name (race · armor · points ·
 * equipment), which keeps the log within a laptop's width. */
static const int grid_column[N_COLUMNS] = {
  [COL_COUNTER] = 0, [COL_NAME] = 1, [COL_POINTS] = -1, [COL_RACE] = -1, [COL_ARMOR] = -1,
  [COL_WEAPON] = 2, [COL_MOD] = 3, [COL_AMMO] = 4, [COL_WOUNDS] = 5, [COL_POSITION] = 6,
  [COL_EQUIPMENT] = -1, [COL_ACTION] = 7, [COL_STATUS] = 8,
};

typedef struct
{
  int        unit;
  GtkWidget *labels[N_COLUMNS];   /* GtkLabel, or NULL for the box cells */
  GtkWidget *magazines;           /* SlBoxes: R then P */
  GtkWidget *grenades;            /* SlBoxes: FG then SG (launcher rounds with a launcher) */
  GtkWidget *tally;               /* GtkLabel: rounds left in the current magazine */
  GtkWidget *wounds;              /* SlBoxes: L M S U D */
  GtkWidget *badges;              /* GtkBox of GtkLabel.badge */
  GtkWidget *details;             /* GtkLabel under the name: race, armor, points, equipment */
  char      *texts[N_COLUMNS];    /* what each cell says, for tests and screen readers */
} Row;

struct _SlSquadLog
{
  GtkWidget  parent_instance;

  SlGame    *game;
  gulong     changed_id;
  int        squad;
  GtkWidget *box;
  GtkWidget *title;
  GtkWidget *subtitle;
  GtkWidget *grid;
  GArray    *rows;   /* Row */
};

G_DEFINE_FINAL_TYPE (SlSquadLog, sl_squad_log, GTK_TYPE_WIDGET)

enum
{
  SIGNAL_UNIT_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A click on a unit's line opens its log. */
static void
released_cb (GtkGestureClick *gesture,
             int              n_press,
             double           x,
             double           y,
             SlSquadLog      *self)
{
  GtkWidget *picked = gtk_widget_pick (self->grid, x, y, GTK_PICK_DEFAULT);
  int column, row, width, height;

  while (picked != NULL && gtk_widget_get_parent (picked) != self->grid)
    picked = gtk_widget_get_parent (picked);
  if (picked == NULL)
    return;
  gtk_grid_query_child (GTK_GRID (self->grid), picked, &column, &row, &width, &height);
  if (row >= 1 && row - 1 < (int) self->rows->len)
    g_signal_emit (self, signals[SIGNAL_UNIT_ACTIVATED], 0, g_array_index (self->rows, Row, row - 1).unit);
}

static void
row_clear (gpointer data)
{
  Row *row = data;

  for (int i = 0; i < N_COLUMNS; i++)
    g_free (row->texts[i]);
}

static void
set_text (Row        *row,
          int         column,
          const char *text)
{
  if (g_strcmp0 (row->texts[column], text) == 0)
    return;
  g_free (row->texts[column]);
  row->texts[column] = g_strdup (text);
  if (row->labels[column] != NULL)
    {
      gtk_label_set_text (GTK_LABEL (row->labels[column]), text);
      /* The whole text when a long one is cut short. */
      if (gtk_label_get_ellipsize (GTK_LABEL (row->labels[column])) != PANGO_ELLIPSIZE_NONE)
        gtk_widget_set_tooltip_text (row->labels[column], text);
    }
}

static GtkWidget *
cell_label (int     column,
            gfloat  xalign)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (column == COL_ACTION)
    {
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_label_set_width_chars (GTK_LABEL (label), 16);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
      gtk_widget_set_hexpand (label, TRUE);
    }
  if (column == COL_COUNTER || column == COL_MOD)
    gtk_widget_add_css_class (label, "numeric");
  return label;
}

/* "L M S U D" with the boxes up to the wound ticked (A-70). */
static void
update_wounds (SlSquadLog      *self,
               Row             *row,
               const SlUnitLog *log)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const char *letters[SL_N_WOUNDS] = { NULL };
  g_autofree char *words = NULL;
  guint ticked = 0;
  int n = 0;

  for (int w = SL_WOUND_LIGHT; w <= SL_WOUND_DEAD; w++, n++)
    {
      letters[n] = rules->wounds[w].box;
      if ((int) log->wound >= w)
        ticked |= 1u << n;
    }
  words = log->wound == SL_WOUND_NONE
          ? g_strdup (_("Wounds: none"))
          : g_strdup_printf (_("Wounds: %s"), rules->wounds[log->wound].name);
  sl_boxes_set (SL_BOXES (row->wounds), n, ticked, letters, words);
  set_text (row, COL_WOUNDS, words);
}

/* The magazine boxes of the weapons carried, spent ones crossed (T-20),
 * then the grenade boxes, and the tally of the current magazine. */
static void
update_ammo (SlSquadLog      *self,
             Row             *row,
             const SlUnitLog *log)
{
  const char *letters[16] = { NULL };
  g_autoptr(GString) words = g_string_new (NULL);
  guint ticked = 0;
  int n = 0;
  static const char * const magazine_letters[] = { NULL, "R", "P", "FG", "SG" };

  for (int m = SL_MAGAZINE_R; m <= SL_MAGAZINE_P; m++)
    {
      gboolean carried = FALSE;

      for (int w = 0; w < log->n_weapons; w++)
        carried |= sl_ammo_magazine (log->weapons[w]) == (SlMagazine) m;
      if (!carried)
        continue;
      for (int b = 0; b < log->boxes[m] && n < 16; b++, n++)
        {
          letters[n] = magazine_letters[m];
          if (b >= log->left[m])
            ticked |= 1u << n;
        }
      /* "R 2 of 3" */
      g_string_append_printf (words, _("%s %d of %d; "), magazine_letters[m], log->left[m], log->boxes[m]);
    }
  sl_boxes_set (SL_BOXES (row->magazines), n, ticked, letters, words->str);

  n = 0;
  ticked = 0;
  for (int g = 0; g < SL_N_GRENADES; g++)
    {
      int boxes = log->launcher ? log->launcher_boxes[g] : log->boxes[SL_MAGAZINE_FG + g];
      int left = log->launcher ? log->launcher_load[g] : log->left[SL_MAGAZINE_FG + g];

      for (int b = 0; b < boxes && n < 16; b++, n++)
        {
          letters[n] = g == SL_GRENADE_FG ? "F" : "S";
          if (b >= left)
            ticked |= 1u << n;
        }
      g_string_append_printf (words, _("%s %d of %d; "), magazine_letters[SL_MAGAZINE_FG + g], left, boxes);
    }
  sl_boxes_set (SL_BOXES (row->grenades), n, ticked, letters,
                log->launcher ? _("Launcher rounds") : _("Grenades"));

  if (log->rounds > 0)
    {
      g_autofree char *tally = g_strdup_printf ("%d/%d", log->rounds - log->rounds_fired, log->rounds);

      gtk_label_set_text (GTK_LABEL (row->tally), tally);
      /* "10 of 10 rounds left" */
      g_string_append_printf (words, _("%d of %d rounds left"), log->rounds - log->rounds_fired, log->rounds);
    }
  else
    {
      gtk_label_set_text (GTK_LABEL (row->tally), "∞");
      g_string_append (words, _("no magazine to count"));
    }
  set_text (row, COL_AMMO, words->str);
}

static char *
equipment_text (const SlUnitLog *log)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_free);

  if (log->launcher)
    g_ptr_array_add (items, g_strdup (_("launcher")));
  if (log->plastic_charges > 0)
    g_ptr_array_add (items, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d plastic charge",
                                                          "%d plastic charges", log->plastic_charges),
                                             log->plastic_charges));
  if (log->shaped_charges > 0)
    g_ptr_array_add (items, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d shaped charge",
                                                          "%d shaped charges", log->shaped_charges),
                                             log->shaped_charges));
  if (log->keys > 0)
    g_ptr_array_add (items, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d key", "%d keys", log->keys),
                                             log->keys));
  if (log->ecm_jammer)
    g_ptr_array_add (items, g_strdup (_("ECM jammer")));
  if (log->ground_sensor)
    g_ptr_array_add (items, g_strdup (_("ground sensor")));
  if (log->bounce_pack)
    g_ptr_array_add (items, g_strdup (_("bounce pack")));
  /* Stealth power mode is a secret modifier of a hidden unit (T-19). */
  if (log->stealth_power && !log->hidden)
    g_ptr_array_add (items, g_strdup (_("stealth power")));
  g_ptr_array_add (items, NULL);
  return g_strjoinv (_(", "), (char **) items->pdata);
}

static void
add_badge (GtkWidget  *box,
           const char *text,
           const char *style)
{
  GtkWidget *badge = gtk_label_new (text);

  gtk_widget_add_css_class (badge, "badge");
  if (style != NULL)
    gtk_widget_add_css_class (badge, style);
  gtk_box_append (GTK_BOX (box), badge);
}

static void
update_row (SlSquadLog *self,
            Row        *row)
{
  const SlRules *rules = sl_game_get_rules (self->game);
  const SlState *state = sl_game_get_state (self->game);
  SlUnitLog log;
  g_autofree char *counter = NULL;
  g_autofree char *points = NULL;
  g_autofree char *mod = NULL;
  g_autofree char *equipment = NULL;
  g_autoptr(GString) weapons = g_string_new (NULL);
  g_autoptr(GString) status = g_string_new (NULL);
  GtkWidget *child;

  sl_unit_log_fill (rules, sl_game_get_setup (self->game), state, row->unit, &log);
  counter = g_strdup_printf ("%d", log.counter);
  points = g_strdup_printf ("%d", log.points);
  mod = sl_unit_log_format_mod (&log);
  equipment = equipment_text (&log);
  set_text (row, COL_COUNTER, counter);
  set_text (row, COL_NAME, log.name);
  set_text (row, COL_POINTS, points);
  set_text (row, COL_RACE, log.race->name);
  set_text (row, COL_ARMOR, log.armor->id);
  /* The weapon in hand first. */
  g_string_append (weapons, log.weapons[log.in_hand]->id);
  if (log.omni_mode != NULL)
    g_string_append_printf (weapons, " (%s)", g_str_equal (log.omni_mode, "slug") ? _("slug") : _("spike"));
  for (int w = 0; w < log.n_weapons; w++)
    if (w != log.in_hand)
      g_string_append_printf (weapons, " · %s", log.weapons[w]->id);
  set_text (row, COL_WEAPON, weapons->str);
  set_text (row, COL_MOD, mod);
  update_ammo (self, row, &log);
  update_wounds (self, row, &log);
  set_text (row, COL_EQUIPMENT, equipment);
  {
    /* "Human · BI · 46 pts · bounce pack" */
    g_autofree char *details = g_strdup_printf (_("%s · %s · %d pts"), log.race->name, log.armor->id, log.points);
    g_autofree char *with = *equipment ? g_strdup_printf ("%s · %s", details, equipment) : NULL;

    gtk_label_set_text (GTK_LABEL (row->details), with ? with : details);
    gtk_widget_set_tooltip_text (row->details, with ? with : details);
  }

  /* §15.1: where a hidden unit stands and what it does is its owner's
   * secret; the shared log says only that it is hidden. */
  if (log.hidden)
    {
      set_text (row, COL_POSITION, "—");
      set_text (row, COL_ACTION, "—");
    }
  else
    {
      set_text (row, COL_POSITION, sl_position_label (log.position));
      if (log.action != NULL)
        {
          int turn, subphase;
          g_autofree char *text = NULL;

          sl_subphase_split (rules, log.action_end, &turn, &subphase);
          /* "Walk, ends 7 (1 of 3 AP)" */
          if (turn == state->turn)
            text = g_strdup_printf (_("%s, ends %d (%d of %d AP)"), log.action->name, subphase,
                                    log.action_done, log.action_cost);
          else
            text = g_strdup_printf (_("%s, ends %d of turn %d (%d of %d AP)"), log.action->name,
                                    subphase, turn, log.action_done, log.action_cost);
          set_text (row, COL_ACTION, text);
        }
      else
        set_text (row, COL_ACTION, _("idle"));
    }

  while ((child = gtk_widget_get_first_child (row->badges)) != NULL)
    gtk_box_remove (GTK_BOX (row->badges), child);
  if (log.out)
    {
      add_badge (row->badges, log.wound == SL_WOUND_DEAD ? _("Dead") : _("Out"), "error");
      g_string_append (status, log.wound == SL_WOUND_DEAD ? _("Dead") : _("Out"));
    }
  else
    {
      struct { gboolean on; const char *text; const char *style; } badges[] = {
        { log.hidden, _("Hidden"), "accent" },
        { !log.hidden && log.dazed_until >= 0, _("Dazed"), "warning" },
        { !log.hidden && log.jammed, _("Jammed"), "warning" },
        { !log.hidden && log.routed, _("Routed"), "error" },
        { !log.hidden && log.in_melee, _("In melee"), "warning" },
        { !log.hidden && log.opportunity, _("Opportunity fire"), "accent" },
      };

      for (guint i = 0; i < G_N_ELEMENTS (badges); i++)
        if (badges[i].on)
          {
            add_badge (row->badges, badges[i].text, badges[i].style);
            if (status->len > 0)
              g_string_append (status, _(", "));
            g_string_append (status, badges[i].text);
          }
    }
  set_text (row, COL_STATUS, status->str);
  /* A unit out of the fight is greyed out, as a struck-through line. */
  for (int column = 0; column < N_COLUMNS; column++)
    if (row->labels[column] != NULL)
      gtk_widget_set_sensitive (row->labels[column], !log.out);
  gtk_widget_set_sensitive (row->details, !log.out);
}

static void
update_title (SlSquadLog *self)
{
  const SlSetup *setup = sl_game_get_setup (self->game);
  const SlState *state = sl_game_get_state (self->game);
  const SlSquadSetup *squad = sl_setup_squad_at (setup, self->squad);
  int leader = state->squad_leader[self->squad];
  int acting = state->acting_leader[self->squad];
  g_autofree char *subtitle = NULL;

  gtk_label_set_text (GTK_LABEL (self->title), squad->name);
  if (acting >= 0 && (leader < 0 || sl_state_unit_out (sl_game_get_rules (self->game), state, leader)))
    /* "Acting leader Trooper Hale · Regular" */
    subtitle = g_strdup_printf (_("%s · acting leader %s · %s"),
                                sl_setup_side_at (setup, squad->side)->name,
                                sl_setup_unit_at (setup, acting)->name,
                                sl_quality_label (state->squad_quality[self->squad]));
  else if (leader >= 0)
    /* "TOG · leader Centurion Vale (rating 0) · Regular" */
    subtitle = g_strdup_printf (_("%s · leader %s (rating %d) · %s"),
                                sl_setup_side_at (setup, squad->side)->name,
                                sl_setup_unit_at (setup, leader)->name, squad->leader_rating,
                                sl_quality_label (state->squad_quality[self->squad]));
  else
    subtitle = g_strdup_printf (_("%s · no leader · %s"), sl_setup_side_at (setup, squad->side)->name,
                                sl_quality_label (state->squad_quality[self->squad]));
  gtk_label_set_text (GTK_LABEL (self->subtitle), subtitle);
}

static void build (SlSquadLog *self);

/* Whether the rows are still the squad's units (P-33 regroups move them). */
static gboolean
rows_current (SlSquadLog *self)
{
  const SlState *state = sl_game_get_state (self->game);
  guint k = 0;

  for (int unit = 0; unit < state->n_units; unit++)
    if (state->squad_of[unit] == self->squad)
      {
        if (k >= self->rows->len || g_array_index (self->rows, Row, k).unit != unit)
          return FALSE;
        k++;
      }
  return k == self->rows->len;
}

static void
refresh (SlSquadLog *self)
{
  if (!rows_current (self))
    {
      GtkWidget *child;

      while ((child = gtk_widget_get_first_child (self->grid)) != NULL)
        gtk_grid_remove (GTK_GRID (self->grid), child);
      g_array_set_size (self->rows, 0);
      build (self);
    }
  update_title (self);
  for (guint i = 0; i < self->rows->len; i++)
    update_row (self, &g_array_index (self->rows, Row, i));
}

static void
build (SlSquadLog *self)
{
  const SlState *state = sl_game_get_state (self->game);
  const char *headings[N_COLUMNS] = {
    /* Column headings of the paper unit log (T-04) */
    [COL_COUNTER] = C_("squad log", "#"), [COL_NAME] = C_("squad log", "Unit"),
    [COL_WEAPON] = C_("squad log", "Wpn"), [COL_MOD] = C_("squad log", "Mod"),
    [COL_AMMO] = C_("squad log", "Ammo"), [COL_WOUNDS] = C_("squad log", "Wnds"),
    [COL_POSITION] = C_("squad log", "Position"), [COL_ACTION] = C_("squad log", "Action"),
    [COL_STATUS] = C_("squad log", "Status"),
  };
  int line = 1;

  for (int column = 0; column < N_COLUMNS; column++)
    {
      GtkWidget *heading;

      if (grid_column[column] < 0)
        continue;
      heading = gtk_label_new (headings[column]);
      gtk_label_set_xalign (GTK_LABEL (heading), 0);
      gtk_widget_add_css_class (heading, "caption-heading");
      gtk_widget_add_css_class (heading, "dim-label");
      gtk_grid_attach (GTK_GRID (self->grid), heading, grid_column[column], 0, 1, 1);
    }

  /* The squad's units as they stand now (regrouping moves them, P-33). */
  for (int unit = 0; unit < state->n_units; unit++)
    {
      Row row = { 0 };
      GtkWidget *ammo, *name;

      if (state->squad_of[unit] != self->squad)
        continue;
      row.unit = unit;
      for (int column = 0; column < N_COLUMNS; column++)
        {
          if (grid_column[column] < 0 || column == COL_AMMO || column == COL_WOUNDS ||
              column == COL_STATUS || column == COL_NAME)
            continue;
          row.labels[column] = cell_label (column, 0.0f);
          gtk_widget_set_valign (row.labels[column], GTK_ALIGN_CENTER);
          gtk_grid_attach (GTK_GRID (self->grid), row.labels[column], grid_column[column], line, 1, 1);
        }
      name = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      row.labels[COL_NAME] = cell_label (COL_NAME, 0.0f);
      row.details = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (row.details), 0);
      gtk_label_set_ellipsize (GTK_LABEL (row.details), PANGO_ELLIPSIZE_END);
      gtk_label_set_max_width_chars (GTK_LABEL (row.details), 28);
      gtk_widget_add_css_class (row.details, "caption");
      gtk_widget_add_css_class (row.details, "dim-label");
      gtk_box_append (GTK_BOX (name), row.labels[COL_NAME]);
      gtk_box_append (GTK_BOX (name), row.details);
      gtk_grid_attach (GTK_GRID (self->grid), name, grid_column[COL_NAME], line, 1, 1);

      ammo = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      gtk_widget_set_valign (ammo, GTK_ALIGN_CENTER);
      row.magazines = sl_boxes_new ();
      row.grenades = sl_boxes_new ();
      row.tally = gtk_label_new (NULL);
      gtk_widget_add_css_class (row.tally, "numeric");
      gtk_box_append (GTK_BOX (ammo), row.magazines);
      gtk_box_append (GTK_BOX (ammo), row.grenades);
      gtk_box_append (GTK_BOX (ammo), row.tally);
      gtk_grid_attach (GTK_GRID (self->grid), ammo, grid_column[COL_AMMO], line, 1, 1);
      row.wounds = sl_boxes_new ();
      gtk_widget_set_valign (row.wounds, GTK_ALIGN_CENTER);
      gtk_grid_attach (GTK_GRID (self->grid), row.wounds, grid_column[COL_WOUNDS], line, 1, 1);
      row.badges = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      gtk_widget_set_valign (row.badges, GTK_ALIGN_CENTER);
      gtk_grid_attach (GTK_GRID (self->grid), row.badges, grid_column[COL_STATUS], line, 1, 1);
      g_array_append_val (self->rows, row);
      line++;
    }
}

static Row *
find_row (SlSquadLog *self,
          int         unit)
{
  for (guint i = 0; i < self->rows->len; i++)
    if (g_array_index (self->rows, Row, i).unit == unit)
      return &g_array_index (self->rows, Row, i);
  return NULL;
}

char *
sl_squad_log_get_cell (SlSquadLog *self,
                       int         unit,
                       const char *column)
{
  Row *row;

  g_return_val_if_fail (SL_IS_SQUAD_LOG (self), NULL);
  row = find_row (self, unit);
  if (row == NULL)
    return NULL;
  for (int i = 0; column_ids[i] != NULL; i++)
    if (g_str_equal (column_ids[i], column))
      return g_strdup (row->texts[i]);
  return NULL;
}

int
sl_squad_log_get_squad (SlSquadLog *self)
{
  g_return_val_if_fail (SL_IS_SQUAD_LOG (self), -1);
  return self->squad;
}

static void
sl_squad_log_dispose (GObject *object)
{
  SlSquadLog *self = SL_SQUAD_LOG (object);

  if (self->game != NULL)
    g_clear_signal_handler (&self->changed_id, self->game);
  g_clear_object (&self->game);
  g_clear_pointer (&self->box, gtk_widget_unparent);
  G_OBJECT_CLASS (sl_squad_log_parent_class)->dispose (object);
}

static void
sl_squad_log_finalize (GObject *object)
{
  SlSquadLog *self = SL_SQUAD_LOG (object);

  g_array_unref (self->rows);
  G_OBJECT_CLASS (sl_squad_log_parent_class)->finalize (object);
}

static void
sl_squad_log_class_init (SlSquadLogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = sl_squad_log_dispose;
  object_class->finalize = sl_squad_log_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "squadlog");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);

  /* A unit's line was clicked: the unit's index. */
  signals[SIGNAL_UNIT_ACTIVATED] =
    g_signal_new ("unit-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
sl_squad_log_init (SlSquadLog *self)
{
  GtkWidget *heading = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);

  self->rows = g_array_new (FALSE, TRUE, sizeof (Row));
  g_array_set_clear_func (self->rows, row_clear);
  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  self->title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->title), 0);
  gtk_widget_add_css_class (self->title, "heading");
  self->subtitle = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (self->subtitle), 0);
  gtk_widget_add_css_class (self->subtitle, "dim-label");
  gtk_box_append (GTK_BOX (heading), self->title);
  gtk_box_append (GTK_BOX (heading), self->subtitle);
  gtk_box_append (GTK_BOX (self->box), heading);
  self->grid = gtk_grid_new ();
  gtk_grid_set_column_spacing (GTK_GRID (self->grid), 12);
  gtk_grid_set_row_spacing (GTK_GRID (self->grid), 8);
  gtk_widget_add_css_class (self->grid, "card");
  gtk_widget_add_css_class (self->grid, "squad-log-grid");
  {
    GtkGesture *click = gtk_gesture_click_new ();

    g_signal_connect (click, "released", G_CALLBACK (released_cb), self);
    gtk_widget_add_controller (self->grid, GTK_EVENT_CONTROLLER (click));
  }
  gtk_box_append (GTK_BOX (self->box), self->grid);
}

GtkWidget *
sl_squad_log_new (SlGame *game,
                  int     squad)
{
  SlSquadLog *self;

  g_return_val_if_fail (SL_IS_GAME (game), NULL);
  g_return_val_if_fail (squad >= 0 && squad < (int) sl_game_get_setup (game)->squads->len, NULL);

  self = g_object_new (SL_TYPE_SQUAD_LOG, NULL);
  self->game = g_object_ref (game);
  self->squad = squad;
  refresh (self);
  self->changed_id = g_signal_connect_swapped (game, "changed", G_CALLBACK (refresh), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  sl_setup_squad_at (sl_game_get_setup (game), squad)->name,
                                  -1);
  return GTK_WIDGET (self);
}
