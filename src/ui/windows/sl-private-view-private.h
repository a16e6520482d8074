/* sl-private-view-private.h: what the tests of sl-private-view ask of it beyond
 * its public API (docs/HACKING.md, "Private headers")
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-private-view.h"

G_BEGIN_DECLS

gboolean       sl_private_view_pin_waits    (SlPrivateView *self);
/* The switch of a side's PIN form: the referee's PIN opens this side's
 * view too (shown only when both have PINs; FALSE when hidden). */
gboolean       sl_private_view_let_referee_in (SlPrivateView *self,
                                               gboolean       opens);
/* Whose secrets are shown, or NULL while locked. */
const char    *sl_private_view_get_shown    (SlPrivateView *self);
/* The "Hide a Unit" form's stealth power switch: whether it is offered
 * (the unit chosen wears a power suit) and on. */
gboolean       sl_private_view_get_hide_stealth (SlPrivateView *self,
                                                 gboolean      *active);
/* The unit (an id) the "Hide a Unit" form has chosen, or NULL without the
 * form. */
const char    *sl_private_view_get_hide_unit (SlPrivateView *self);
/* Chooses the unit (an id) in the "Hide a Unit" form, as the player would. */
gboolean       sl_private_view_choose_hide_unit (SlPrivateView *self,
                                                 const char    *unit);
/* Whether the "Goes with" choice of the "Seal a Note" form offers @unit's
 * action (an id). */
gboolean       sl_private_view_seal_offers  (SlPrivateView *self,
                                             const char    *unit);
/* The message of the last refusal, or NULL. */
const char    *sl_private_view_get_problem  (SlPrivateView *self);

G_END_DECLS
