// The captions of the matrices a lesson does not name, in English, marked
// for the catalog.
#include "core/trace/default_labels.h"

#include "core/text/translation.h"

namespace attn {

// English, marked for the catalog: label_of() translates it when the trace is
// built, in the scope's language (the session is rebuilt when it changes).
const char* default_label(Stage s) {
  switch (s) {
    case Stage::scores:
      // TRANSLATORS: the captions of the matrices a lesson does not name, over each
      // matrix: Q·Kᵀ (noun).
      return N_("scores");
    case Stage::scaled:
      // TRANSLATORS: a matrix's caption: the scores divided by √d_k.
      return N_("scaled scores");
    case Stage::masked:
      // TRANSLATORS: a matrix's caption: the scores with the causal mask applied.
      return N_("masked scores");
    case Stage::weights:
      // TRANSLATORS: a matrix's caption: softmax of the scores.
      return N_("attention weights");
    case Stage::context:
      // TRANSLATORS: a matrix's caption: one head's weights times its values.
      return N_("head output");
    case Stage::concat:
      // TRANSLATORS: a matrix's caption: every head's output side by side.
      return N_("heads concatenated");
    case Stage::output:
      return N_("output");
    case Stage::K_T:
      return "Kᵀ";  // a formula: the same in every language
    case Stage::X_P:
      return "X + P";  // a formula
    case Stage::P:
      // TRANSLATORS: a matrix's caption: the positions' encoding P, one row per position.
      return N_("positions P");
    case Stage::memory:
      // TRANSLATORS: a matrix's caption in cross-attention: the encoder's tokens the queries
      // read (PyTorch calls it "memory").
      return N_("memory");
    case Stage::angles:
      // TRANSLATORS: a matrix's caption: RoPE's angle p·θ for each position p and pair of columns.
      return N_("angles p·θ");
    case Stage::Q_rot:
      // TRANSLATORS: a matrix's caption: the queries turned by their positions' angles (RoPE).
      return N_("rotated Q");
    case Stage::K_rot:
      // TRANSLATORS: a matrix's caption: the keys turned by their positions' angles (RoPE).
      return N_("rotated K");
    case Stage::q_t:
      // TRANSLATORS: a matrix's caption, generating one token at a time: the new token's query.
      return N_("new query q_t");
    case Stage::k_t:
      // TRANSLATORS: a matrix's caption: the new token's key.
      return N_("new key k_t");
    case Stage::v_t:
      // TRANSLATORS: a matrix's caption: the new token's value.
      return N_("new value v_t");
    case Stage::K_cache:
      // TRANSLATORS: a matrix's caption: the keys kept from the tokens made so far (KV cache).
      return N_("key cache");
    case Stage::V_cache:
      // TRANSLATORS: a matrix's caption: the values kept from the tokens made so far.
      return N_("value cache");
    case Stage::scores_t:
      // TRANSLATORS: a matrix's caption: the new query's scores against every cached key.
      return N_("new scores");
    case Stage::weights_t:
      // TRANSLATORS: a matrix's caption: the new token's attention weights.
      return N_("new weights");
    case Stage::output_t:
      // TRANSLATORS: a matrix's caption: the new token's output row.
      return N_("new output");
    case Stage::made:
      // TRANSLATORS: a matrix's caption: every output row made so far, one step at a time.
      return N_("outputs made so far");
    case Stage::macs:
      // TRANSLATORS: a matrix's caption: counts of multiply-adds, with the cache and without.
      return N_("multiply-adds");
    case Stage::target:
      // TRANSLATORS: a matrix's caption: what training aims for (the attention weights, or the
      // output, the lesson wants).
      return N_("target");
    case Stage::loss:
      // TRANSLATORS: a matrix's caption: the loss (how far from the target) before each step
      // of gradient descent.
      return N_("loss at each step");
    case Stage::grad_W_q:
    case Stage::grad_W_k:
    case Stage::grad_W_v:
    case Stage::grad_W_o:
    case Stage::grad_b_q:
    case Stage::grad_b_k:
    case Stage::grad_b_v:
      return nullptr;  // "∂L/∂W_q": label_of writes it
    default:
      return nullptr;  // inputs and Q, K, V are shown by their own names
  }
}

}  // namespace attn
