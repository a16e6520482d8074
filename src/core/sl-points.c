/* sl-points.c: TEMPORARY scaffolding, replaced by the real engine module */
#include "config.h"

#include "sl-points.h"
