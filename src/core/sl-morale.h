/* sl-morale.h: TEMPORARY scaffolding, replaced by the real engine module */
#pragma once

#include "sl-check.h"
#include "sl-dice.h"
#include "sl-rules.h"
