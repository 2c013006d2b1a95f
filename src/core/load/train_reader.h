// A part's "train" (docs/lessons.md, "Training"): the target (attention
// weights or an output), the matrices trained, the learning rate and the
// steps, each bad value one line naming its key. The variant "trained" (the
// part after the steps) is added with it.
#pragma once

#include "core/lesson/lesson.h"
#include "core/load/json_reader.h"

namespace attn {

// After the part's shapes are checked: what the target must fit is known.
bool read_train(Reader& r, const json& v, const Pointer& path, Part& part);

// The matrices trained when "params" is not given, for a target's kind: those
// of them the part has (W_v only where it has one). The format's description
// lists them (core/load/lesson_format.h).
std::vector<Param> default_train_params(TrainTarget::Kind kind);

}  // namespace attn
