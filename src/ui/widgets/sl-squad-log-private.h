/* sl-squad-log-private.h: what the tests of sl-squad-log ask of it beyond
 * its public API (docs/HACKING.md, "Private headers"); and what the log's
 * parts share — the log itself (sl-squad-log.c), its table (SlLogTable,
 * sl-log-table.c) and the table's lines (SlLogLine, sl-log-line.c)
 *
 * Copyright 2026 The Squad Log authors
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "sl-log-line.h"
#include "sl-log-table.h"
#include "sl-squad-log-texts-private.h"
#include "sl-squad-log.h"

G_BEGIN_DECLS

/* Every text the log's lines draw, and what they tell a screen reader: a
 * line of text per unit — the text of each field, the details under the
 * name, the tally, the line read aloud, the badges — separated by tabs
 * (for tests: what is on the screen). */
char        *sl_squad_log_get_text    (SlSquadLog *self);
/* Where a column is drawn in each line, left to right, in pixels from a
 * line's start (for tests): @column is one of "counter", "name", "weapon",
 * "mod", "ammo", "wounds", "position", "action", "status". FALSE for a
 * column folded into the details under the names, for want of room (the
 * modifiers, then the weapon, then the position). */
gboolean     sl_squad_log_get_column  (SlSquadLog *self,
                                       const char *column,
                                       int        *x,
                                       int        *width);
/* Whether @unit's line draws @text ("details": under the name, with the
 * columns folded into it; or "action") cut short, for tests. */
gboolean     sl_squad_log_get_cut     (SlSquadLog *self,
                                       int         unit,
                                       const char *text);


/* What the log's parts share ------------------------------------------- */

#define SL_LOG_COLUMN_SPACING 10   /* between cells */
#define SL_LOG_LINE_PAD_X 6        /* inside a line, around its cells */
#define SL_LOG_DIM 0.55f           /* libadwaita's .dim-label */
#define SL_LOG_DIM_HIGH_CONTRAST 0.9f

/* What a cell of a line takes: its least and natural widths, the width
 * that shows its text whole, and its height. */
typedef struct
{
  int minimum;
  int natural;
  int full;
  int height;
} SlLogSize;

/* A cell of a line being drawn (sl-log-line.c). */
typedef struct _SlLogCell SlLogCell;

/* How a column's text is drawn. */
enum
{
  SL_LOG_STYLE_NUMERIC = 1 << 0,       /* tabular figures, libadwaita's .numeric */
  SL_LOG_STYLE_CUT = 1 << 1,           /* cut short (an ellipsis) to fit its column */
  SL_LOG_STYLE_SMALL = 1 << 2,         /* libadwaita's .caption */
  SL_LOG_STYLE_HEADING_END = 1 << 3,   /* its heading over the column's end */
};

/* A field of the unit log, and how the table shows it (the width budget
 * at sl_log_columns, in sl-log-line.c, says what fold and grow do). */
typedef struct
{
  const char *id;                                /* for tests: sl_squad_log_get_cell, _get_column */
  const char *heading;                           /* NC_("squad log", …); NULL: told in the details only */
  char     *(*text)    (const SlLogUnit *unit);  /* what it says (sl-squad-log-texts.c): drawn, read, tested */
  int         fold;                              /* 0: always shown; n: the nth to fold into the details */
  int         grow;                              /* 0: its natural width; n: the nth to get room to spare
                                                  * (from its least; the 1st gets what is left, too) */
  guint       style;                             /* SL_LOG_STYLE_* */
  void      (*measure) (SlLogLine *line, guint column, SlLogSize *size);
  void      (*draw)    (const SlLogCell *cell);
  /* What it draws cut short at @y (-1: anywhere), whole; or NULL. */
  const char *(*cut)   (SlLogLine *line, guint column, int y);
} SlLogColumn;

/* The fields of the paper unit log (T-04), left to right: the one table
 * every part of the log reads (sl-log-line.c), and how many rows it has
 * (a static assertion there holds the count). */
#define SL_LOG_N_COLUMNS 13
G_STATIC_ASSERT (SL_LOG_N_COLUMNS <= 32);   /* the folded columns are bits of a guint */
extern const SlLogColumn sl_log_columns[];

/* A row of boxes a line draws, its letters its own. */
typedef struct
{
  int    n;
  guint  ticked;
  char  *letters[SL_LOG_MAX_BOXES];
} SlLogLineBoxes;

/* A text a line draws, made when first measured or drawn. */
typedef struct
{
  PangoLayout *layout;
  int          width;                  /* not cut short */
  int          height;
} SlLogText;

struct _SlLogLine
{
  GtkWidget       parent_instance;

  int             unit;
  gboolean        out;
  char           *texts[SL_LOG_N_COLUMNS];  /* what each field says: drawn, read aloud, and for tests */
  SlLogText       drawn[SL_LOG_N_COLUMNS];  /* … as the columns drawn as a text draw it */
  char           *description;            /* all of it, as a screen reader reads the line */
  char           *details;                /* drawn under the name: race · armor · points · equipment */
  SlLogText       details_text;
  char           *tally;                  /* drawn after the boxes: rounds left in the magazine */
  SlLogText       tally_text;
  SlLogLineBoxes  magazines;              /* R then P */
  SlLogLineBoxes  grenades;               /* FG then SG (launcher rounds with a launcher) */
  SlLogLineBoxes  wounds;                 /* L M S U D */
  guint           serial;                 /* of the Pango context the layouts were made with */
  PangoLayout    *folded;                 /* the details with the columns the table folded into them */
  guint           folded_columns;         /* … which */
  int             folded_width;
};

struct _SlLogTable
{
  GtkWidget      parent_instance;

  PangoLayout   *headings[SL_LOG_N_COLUMNS];
  GHashTable    *letters;                /* box letter → PangoLayout */
  int            char_width;             /* an average character of the text font */
  int            small_char_width;       /* … and of the details' smaller font */
  guint          serial;                 /* of the Pango context these were measured with */
  int            x[SL_LOG_N_COLUMNS];    /* where each column starts, inside a line's padding */
  int            width[SL_LOG_N_COLUMNS];
  guint          folded;                 /* 1 << column: the columns told in the details, for want of room */
  GtkWidget     *cursor;                 /* the line last focused, or NULL */
  GtkAdjustment *scroll;                 /* the vertical scrolling of the view it shows in, while mapped */
};

G_END_DECLS
