/* sl-scenario-side.c: a side of the custom scenario (§10 B–E) in the
 * scenario editor, as its template lays it out. The editor
 * (sl-scenario-editor.c) reads its rows into the draft and fills its
 * squads; its buttons add a squad, or use or save the side's force,
 * through the editor.
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "config.h"

#include <glib/gi18n.h>

#include "sl-scenario-editor-private.h"
#include "sl-scenario-editor.h"
#include "sl-scenario-side.h"
#include "sl-ui-util.h"

G_DEFINE_FINAL_TYPE (SlScenarioSide, sl_scenario_side, ADW_TYPE_PREFERENCES_GROUP)

static void
squad_chosen (const char *path,
              gpointer    user_data,
              int         side)
{
  sl_scenario_editor_add_squad (SL_SCENARIO_EDITOR (user_data), side, NULL, path);
}

static SlScenarioEditor *
side_editor (SlScenarioSide *side)
{
  return SL_SCENARIO_EDITOR (gtk_widget_get_ancestor (GTK_WIDGET (side), SL_TYPE_SCENARIO_EDITOR));
}

static void
add_from_library_cb (SlScenarioSide *side)
{
  SlScenarioEditor *self = side_editor (side);
  g_autofree char *dir = sl_squad_library_dir ();

  sl_choose_json (GTK_WINDOW (self), _("Add a Squad"), _("_Add"), _("Squads"), dir, squad_chosen, self,
                  side->index);
}

static void
add_book_squad_cb (SlScenarioSide *side)
{
  SlScenarioEditor *self = side_editor (side);
  g_autoptr(SlSquadDraft) squad = sl_squad_draft_new (sl_scenario_editor_get_rules (self));

  sl_scenario_editor_add_squad (self, side->index, squad, NULL);
}

static void
force_chosen (const char *path,
              gpointer    user_data,
              int         side)
{
  sl_scenario_editor_load_force (SL_SCENARIO_EDITOR (user_data), side, path);
}

static void
open_force_cb (SlScenarioSide *side)
{
  g_autofree char *dir = sl_force_library_dir ();

  sl_choose_json (GTK_WINDOW (side_editor (side)), _("Use a Force"), _("_Use"), _("Forces"), dir, force_chosen,
                  side_editor (side), side->index);
}

static void
save_force_cb (SlScenarioSide *side)
{
  sl_scenario_editor_save_force (side_editor (side), side->index, NULL);
}

/* The side's template */

static void
side_changed_cb (SlScenarioSide *side)
{
  SlScenarioEditor *self = side_editor (side);

  /* None while the template is built. */
  if (self != NULL)
    sl_scenario_editor_read_widgets (self);
}

static void
sl_scenario_side_class_init (SlScenarioSideClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/squadlog/SquadLog/sl-scenario-side.ui");
  gtk_widget_class_bind_template_child (widget_class, SlScenarioSide, name);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioSide, budget);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioSide, set_up);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioSide, objective);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioSide, squads);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioSide, holds_fire);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioSide, holds_melee);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioSide, hides);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioSide, initiative);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioSide, forbidden);
  gtk_widget_class_bind_template_child (widget_class, SlScenarioSide, turns);
  gtk_widget_class_bind_template_callback_full (widget_class, "changed_cb", G_CALLBACK (side_changed_cb));
  gtk_widget_class_bind_template_callback (widget_class, add_book_squad_cb);
  gtk_widget_class_bind_template_callback (widget_class, add_from_library_cb);
  gtk_widget_class_bind_template_callback (widget_class, open_force_cb);
  gtk_widget_class_bind_template_callback (widget_class, save_force_cb);
}

static void
sl_scenario_side_init (SlScenarioSide *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
