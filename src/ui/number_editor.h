// Typing a number: a click or a tap on a number the learner may change opens
// this (so does Enter, or a digit, on a cell the keyboard is on). It shows
// what the number is, takes a typed value (a keypad on touch screens, which
// have no keyboard to rely on), nudges it up or down, and can take a what-if
// back.
#pragma once

#include <string>

#include "ui/context.h"

namespace attn::ui {

struct NumberEditor {
  UiContext* ui = nullptr;

  // Opens on `cell`, its text `typed` if the learner started typing, else the number.
  void open(const CellRef& cell, const std::string& typed);
  bool is_open() const { return open_ || opening_; }
  void draw();

 private:
  void close();
  bool commit();  // the typed number as a request; false (with a reason shown) if it is none

  bool open_ = false, opening_ = false;
  CellRef cell_;
  char text_[64] = "";
  std::string error_;
};

// A typed number: "0.5", "-2", "−2", "1e-3", or "0,5" (a decimal comma).
// False if the text is not one finite number.
bool parse_number(const std::string& text, double& out);

}  // namespace attn::ui
