/* arc-program.c: running tasks' programs in a pool of python3 processes
 *
 * Each worker is a long-lived `python3 -c DRIVER` (arc-program-driver.py,
 * from the core's resources): one JSON line in, a task's program and its
 * inputs; one JSON line out per pair as it is done. A pair that takes longer
 * than the time limit stops its interpreter, and so does a program that
 * kills it: the pair is reported, and the task's other pairs go on in a new
 * interpreter. A traced run is the same with the steps of each pair sent
 * before its result (arc-program-trace.c), the pair's error its last step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "arc-program"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "arc-json.h"
#include "arc-program.h"
#include "arc-program-resources.h"

/* The longest line an interpreter may answer: a grid, a message and
 * what was printed take a few kB; a step of a trace, its value, at most
 * the values a pair may record */
#define MAX_REPLY (256 * 1024)
#define MAX_TRACE_REPLY (ARC_PROGRAM_TRACE_MAX_BYTES + 64 * 1024)

typedef struct _Worker Worker;

/* One task's program to run */
typedef struct
{
  GTask            *task;
  char             *source;
  GPtrArray        *inputs;    /* ArcGrid: the train inputs, then the test inputs */
  GPtrArray        *expected;  /* ArcGrid, or NULL where hidden */
  guint             n_train;
  guint             next;      /* the pair being run, or to run next */
  ArcProgramResult *result;
  Worker           *worker;    /* (nullable): running it */
  GSource          *cancelled;
  gboolean          waiting;   /* for the exit status of the interpreter it ended */
  gboolean          trace;     /* each pair's steps recorded (arc_program_pool_trace_async()) */
} Job;

struct _Worker
{
  ArcProgramPool   *pool;     /* (nullable): unset when the pool is gone */
  GSubprocess      *process;
  GOutputStream    *input;
  GDataInputStream *output;
  GCancellable     *cancellable;
  GQueue            jobs;      /* Job: the one running, then one sent ahead */
  GQueue            outgoing;  /* GBytes: requests not yet written, the first being written */
  GSource          *timer;     /* (nullable): the time limit of the pair it runs */
  gboolean          ready;    /* the interpreter is up: a pair's time counts */
  gboolean          lost;
};

struct _ArcProgramPool
{
  GObject     parent_instance;

  guint       n_workers;
  guint       timeout_ms;
  guint64     memory_limit;
  GStrv       python_path;
  GPtrArray  *workers;   /* Worker, alive */
  GQueue      queue;     /* Job, waiting */
  guint       n_alive;   /* workers not yet freed */
  GMainContext *context; /* where it was made: its timers, its streams' callbacks */
};

G_DEFINE_FINAL_TYPE (ArcProgramPool, arc_program_pool, G_TYPE_OBJECT)

static void dispatch (ArcProgramPool *self);
static void read_next (Worker *worker);

/* Jobs */

static void
job_free (Job *job)
{
  g_clear_object (&job->task);
  g_free (job->source);
  g_ptr_array_unref (job->inputs);
  g_ptr_array_unref (job->expected);
  g_clear_pointer (&job->result, arc_program_result_free);
  if (job->cancelled)
    {
      g_source_destroy (job->cancelled);
      g_source_unref (job->cancelled);
    }
  g_free (job);
}

static ArcProgramPair *
job_pair (Job  *job,
          guint i)
{
  return job->result->pairs->pdata[i];
}

/* Sets pair @i of @job; takes @predicted and @message. Traced, a pair
 * without a grid ends with its error, raised in @function at @line */
static void
job_set (Job              *job,
         guint             i,
         ArcProgramStatus  status,
         ArcGrid          *predicted,
         char             *message,
         int               line,
         const char       *function)
{
  ArcProgramPair *p = job_pair (job, i);
  const ArcGrid *expected = job->expected->pdata[i];

  if (job->trace && predicted == NULL)
    g_ptr_array_add (p->steps, arc_program_step_new_error (function, line, message));

  p->status = status;
  g_clear_pointer (&p->predicted, arc_grid_free);
  p->predicted = predicted;
  g_free (p->message);
  p->message = message;
  p->line = MAX (line, 0);
  if (predicted == NULL)
    p->verdict = ARC_VERDICT_WRONG;
  else if (expected == NULL)
    p->verdict = ARC_VERDICT_UNVERIFIED;
  else
    p->verdict = arc_grid_equal (predicted, expected) ? ARC_VERDICT_CORRECT : ARC_VERDICT_WRONG;
}

static void
job_return (Job *job)
{
  GTask *task = g_steal_pointer (&job->task);

  g_task_return_pointer (task, g_steal_pointer (&job->result), (GDestroyNotify) arc_program_result_free);
  g_object_unref (task);
  job_free (job);
}

/* @job's pair now running is done with: the next one goes to a worker, or
 * the job is returned */
static void
job_requeue_or_return (ArcProgramPool *self,
                       Job            *job)
{
  job->worker = NULL;
  job->next++;
  if (job->next >= job->inputs->len)
    job_return (job);
  else
    g_queue_push_head (&self->queue, job);
}

/* Workers */

static void
clear_timer (Worker *worker)
{
  if (worker->timer)
    {
      g_source_destroy (worker->timer);
      g_clear_pointer (&worker->timer, g_source_unref);
    }
}

static void
worker_free (Worker *worker)
{
  g_assert (g_queue_is_empty (&worker->jobs));

  g_queue_clear_full (&worker->outgoing, (GDestroyNotify) g_bytes_unref);
  if (worker->pool)
    worker->pool->n_alive--;
  clear_timer (worker);
  g_clear_object (&worker->process);
  g_clear_object (&worker->input);
  g_clear_object (&worker->output);
  g_clear_object (&worker->cancellable);
}

static Worker *
worker_ref (Worker *worker)
{
  return g_rc_box_acquire (worker);
}

static void
worker_unref (Worker *worker)
{
  g_rc_box_release_full (worker, (GDestroyNotify) worker_free);
}

/* Stops @worker's interpreter, for good: it is taken out of the pool. Its
 * whole process group goes: what the program started, and the interpreter
 * itself when python3 is a wrapper that starts it (pyenv's) */
static void
worker_stop (Worker *worker)
{
  const char *pid;

  if (worker->lost)
    return;
  worker->lost = TRUE;
  clear_timer (worker);
  g_cancellable_cancel (worker->cancellable);
  pid = g_subprocess_get_identifier (worker->process);
  if (pid)
    kill (-(pid_t) g_ascii_strtoll (pid, NULL, 10), SIGKILL);
  g_subprocess_force_exit (worker->process);
  if (worker->pool)
    g_ptr_array_remove (worker->pool->workers, worker);
}

/* In the interpreter's process, before it starts: a process group of its own */
static void
child_setup (gpointer data)
{
  setpgid (0, 0);
}

static Worker *
worker_new (ArcProgramPool  *self,
            GError         **error)
{
  static const char * const single_threaded[] = { "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS" };
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE |
                                                                       G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                                                       G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_autoptr(GBytes) driver = arc_program_script ("arc-program-driver.py");
  g_autoptr(GStrvBuilder) argv = g_strv_builder_new ();
  g_autofree char *limit = g_strdup_printf ("%" G_GUINT64_FORMAT, self->memory_limit);
  g_auto(GStrv) args = NULL;
  g_autoptr(GSubprocess) process = NULL;
  Worker *worker;

  g_strv_builder_add_many (argv, arc_program_python (), "-c", g_bytes_get_data (driver, NULL), limit, NULL);
  if (self->python_path)
    g_strv_builder_addv (argv, (const char **) self->python_path);
  args = g_strv_builder_end (argv);
  g_subprocess_launcher_setenv (launcher, "PYTHONDONTWRITEBYTECODE", "1", TRUE);
  /* One interpreter a processor already: NumPy's libraries need no threads
   * of their own (OpenBLAS's buffers, one a thread, also take much of the
   * address space RLIMIT_AS allows) */
  for (guint i = 0; i < G_N_ELEMENTS (single_threaded); i++)
    g_subprocess_launcher_setenv (launcher, single_threaded[i], "1", FALSE);
  g_subprocess_launcher_set_child_setup (launcher, child_setup, NULL, NULL);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) args, error);
  if (process == NULL)
    return NULL;

  worker = g_rc_box_new0 (Worker);
  worker->pool = self;
  worker->process = g_steal_pointer (&process);
  worker->input = g_object_ref (g_subprocess_get_stdin_pipe (worker->process));
  worker->output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (worker->process));
  worker->cancellable = g_cancellable_new ();
  self->n_alive++;
  g_ptr_array_add (self->workers, worker);
  read_next (worker);
  return worker;
}

/* The jobs sent to @worker after the one it runs go back to the pool's
 * queue, first in line, in their order: @worker is being stopped */
static void
requeue_sent_ahead (Worker *worker)
{
  while (g_queue_get_length (&worker->jobs) > 1)
    {
      Job *job = g_queue_pop_tail (&worker->jobs);

      job->worker = NULL;
      g_queue_push_head (&worker->pool->queue, job);
    }
}

/* Why @process ended, once it has */
static char *
describe_exit (GSubprocess *process)
{
  if (g_subprocess_get_if_signaled (process))
    {
      int sig = g_subprocess_get_term_sig (process);

      if (sig == SIGKILL)
        return g_strdup (_("the interpreter was killed (out of memory, or by another program)"));
      return g_strdup_printf (_("the interpreter crashed (%s)"), g_strsignal (sig));
    }
  return g_strdup_printf (_("the interpreter exited with status %d (os._exit or a crash)"),
                          g_subprocess_get_exit_status (process));
}

static void
lost_wait_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Job *job = data;
  Worker *worker = job->worker;
  ArcProgramPool *self = worker->pool;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  job_set (job, job->next, ARC_PROGRAM_CRASHED, NULL, describe_exit (G_SUBPROCESS (source)), 0, NULL);
  job_requeue_or_return (self, job);
  dispatch (self);
  worker_unref (worker);
}

/* @worker's interpreter ended, or stopped answering as it should: its job's
 * pair being run is the one that ended it */
static void
worker_lost (Worker *worker)
{
  Job *job;

  worker_stop (worker);
  if (worker->pool == NULL)
    return;
  requeue_sent_ahead (worker);
  job = g_queue_pop_head (&worker->jobs);
  dispatch (worker->pool);
  if (job == NULL)
    return;
  /* The job is held until the exit status is known */
  job->waiting = TRUE;
  g_subprocess_wait_async (worker->process, NULL, lost_wait_cb, job);
  worker_ref (worker);
}

static gboolean
timeout_cb (gpointer data)
{
  Worker *worker = data;
  ArcProgramPool *self = worker->pool;
  Job *job;

  clear_timer (worker);
  requeue_sent_ahead (worker);
  job = g_queue_pop_head (&worker->jobs);
  /* TRANSLATORS: %g is a number of seconds */
  job_set (job, job->next, ARC_PROGRAM_TIMEOUT, NULL,
           g_strdup_printf (_("timed out after %g s"), self->timeout_ms / 1000.0), 0, NULL);
  job->worker = NULL;
  worker_stop (worker);
  job_requeue_or_return (self, job);
  dispatch (self);
  return G_SOURCE_REMOVE;
}

static void
restart_timer (Worker *worker)
{
  clear_timer (worker);
  if (worker->ready && worker->pool->timeout_ms > 0)
    {
      worker->timer = g_timeout_source_new (worker->pool->timeout_ms);
      g_source_set_callback (worker->timer, timeout_cb, worker, NULL);
      g_source_attach (worker->timer, worker->pool->context);
    }
}

/* A step of a traced pair, {"pair": K, "step": {...}}: kept with the
 * pair, which must be the one running */
static gboolean
handle_step (Job        *job,
             JsonObject *o)
{
  JsonNode *member = json_object_get_member (o, "step");
  ArcProgramPair *p;
  ArcProgramStep *step;

  if (!job->trace || json_object_get_int_member_with_default (o, "pair", -1) != job->next ||
      !JSON_NODE_HOLDS_OBJECT (member))
    return FALSE;
  p = job_pair (job, job->next);
  /* The steps it may record, and the one saying it stopped */
  if (p->steps->len > ARC_PROGRAM_TRACE_MAX_STEPS)
    return FALSE;
  step = arc_program_step_new_from_json (json_node_get_object (member), NULL);
  if (step == NULL)
    return FALSE;
  g_ptr_array_add (p->steps, step);
  return TRUE;
}

/* One line from the interpreter: a pair done, or the program not loaded */
static gboolean
handle_reply (Worker     *worker,
              const char *line,
              gsize       length)
{
  g_autoptr(JsonNode) node = arc_json_parse (line, length, NULL);
  Job *job = g_queue_peek_head (&worker->jobs);
  JsonObject *o;
  const char *grid;
  const char *error;
  gint64 k;
  guint printed_at;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return FALSE;
  o = json_node_get_object (node);
  if (!worker->ready && json_object_has_member (o, "ready"))
    {
      /* Its start-up is not the time of the first pair */
      worker->ready = TRUE;
      if (job)
        restart_timer (worker);
      return TRUE;
    }
  if (job == NULL)
    return FALSE;
  if (json_object_has_member (o, "step"))
    return handle_step (job, o);
  if (json_object_has_member (o, "load_error"))
    {
      /* Every pair left gets the reason, the first one what was printed */
      error = json_object_get_string_member_with_default (o, "load_error", "?");
      for (guint i = job->next; i < job->inputs->len; i++)
        job_set (job, i, ARC_PROGRAM_RAISED, NULL, g_strdup (error),
                 (int) json_object_get_int_member_with_default (o, "line", 0), NULL);
      printed_at = job->next;
      job->next = job->inputs->len - 1;
    }
  else
    {
      k = json_object_get_int_member_with_default (o, "pair", -1);
      if (k != job->next)
        return FALSE;
      grid = json_object_get_string_member_with_default (o, "grid", NULL);
      error = json_object_get_string_member_with_default (o, "error", NULL);
      if (grid)
        job_set (job, k, ARC_PROGRAM_OK, arc_program_grid_from_text (grid), NULL, 0, NULL);
      else
        job_set (job, k, json_object_get_boolean_member_with_default (o, "invalid", FALSE)
                         ? ARC_PROGRAM_INVALID : ARC_PROGRAM_RAISED,
                 NULL, g_strdup (error ? error : "?"),
                 (int) json_object_get_int_member_with_default (o, "line", 0),
                 json_object_get_string_member_with_default (o, "function", NULL));
      if (grid && job_pair (job, k)->predicted == NULL)
        return FALSE;
      printed_at = k;
    }
  error = json_object_get_string_member_with_default (o, "printed", "");
  if (*error)
    job_pair (job, printed_at)->printed = g_strdup (error);

  if (job->next + 1 < job->inputs->len)
    {
      job->next++;
      restart_timer (worker);
      return TRUE;
    }
  g_queue_pop_head (&worker->jobs);
  job->worker = NULL;
  job_return (job);
  /* The job sent ahead, if any, starts now */
  clear_timer (worker);
  if (!g_queue_is_empty (&worker->jobs))
    restart_timer (worker);
  dispatch (worker->pool);
  return TRUE;
}

static void
line_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  Worker *worker = data;
  g_autoptr(GError) error = NULL;
  gsize length = 0;
  g_autofree char *line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result,
                                                                    &length, &error);
  Job *job = g_queue_peek_head (&worker->jobs);

  if (worker->lost || worker->pool == NULL)
    ;
  else if (line == NULL || length > (job && job->trace ? MAX_TRACE_REPLY : MAX_REPLY) ||
           !handle_reply (worker, line, length))
    worker_lost (worker);
  else
    read_next (worker);
  worker_unref (worker);
}

static void
read_next (Worker *worker)
{
  g_data_input_stream_read_line_async (worker->output, G_PRIORITY_DEFAULT, worker->cancellable, line_cb,
                                       worker_ref (worker));
}

static void write_next (Worker *worker);

static void
write_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  Worker *worker = data;
  gboolean written = g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, NULL);

  g_bytes_unref (g_queue_pop_head (&worker->outgoing));
  /* Not written: the interpreter is gone, and what it wrote before is still
   * to be read; the end of its output says it is lost (or the time limit,
   * should it close its input and live on) */
  if (written && !worker->lost)
    write_next (worker);
  worker_unref (worker);
}

/* Writes the first request waiting, if any; one write at a time */
static void
write_next (Worker *worker)
{
  GBytes *request = g_queue_peek_head (&worker->outgoing);

  if (request)
    g_output_stream_write_all_async (worker->input, g_bytes_get_data (request, NULL), g_bytes_get_size (request),
                                     G_PRIORITY_DEFAULT, worker->cancellable, write_cb, worker_ref (worker));
}

/* The request of @job's pairs from the next one on, as one JSON line:
 * written by hand, as the grids are most of it and their cells are digits */
static GBytes *
request_new (Job *job)
{
  GString *line = g_string_sized_new (strlen (job->source) + 4096);

  g_string_append (line, "{\"id\":");
  arc_program_append_json_string (line, job->result->task_id);
  g_string_append (line, ",\"source\":");
  arc_program_append_json_string (line, job->source);
  if (job->trace)
    g_string_append_printf (line, ",\"trace\":{\"steps\":%d,\"bytes\":%d}", ARC_PROGRAM_TRACE_MAX_STEPS,
                            ARC_PROGRAM_TRACE_MAX_BYTES);
  g_string_append_printf (line, ",\"first\":%u,\"inputs\":[", job->next);
  for (guint i = job->next; i < job->inputs->len; i++)
    {
      const ArcGrid *grid = job->inputs->pdata[i];
      const guint8 *cells = arc_grid_get_cells (grid);
      int h = arc_grid_get_height (grid), w = arc_grid_get_width (grid);

      g_string_append (line, i > job->next ? ",[" : "[");
      for (int r = 0; r < h; r++)
        {
          g_string_append (line, r > 0 ? ",[" : "[");
          for (int c = 0; c < w; c++)
            {
              if (c > 0)
                g_string_append_c (line, ',');
              g_string_append_c (line, (char) ('0' + cells[r * w + c]));
            }
          g_string_append_c (line, ']');
        }
      g_string_append_c (line, ']');
    }
  g_string_append (line, "]}\n");
  return g_string_free_to_bytes (line);
}

/* Sends @job to @worker: it runs it now, or after the one it runs, so
 * that it never waits for this process between two tasks */
static void
worker_start (Worker *worker,
              Job    *job)
{
  g_queue_push_tail (&worker->jobs, job);
  job->worker = worker;
  if (g_queue_get_length (&worker->jobs) == 1)
    restart_timer (worker);
  g_queue_push_tail (&worker->outgoing, request_new (job));
  if (g_queue_get_length (&worker->outgoing) == 1)
    write_next (worker);
}

/* A worker for the next job: an idle one, a new one while there may be
 * more, else one running a single job; NULL when there is none */
static Worker *
find_worker (ArcProgramPool  *self,
             GError         **error)
{
  for (guint i = 0; i < self->workers->len; i++)
    if (g_queue_is_empty (&((Worker *) self->workers->pdata[i])->jobs))
      return self->workers->pdata[i];
  if (self->workers->len < self->n_workers)
    return worker_new (self, error);
  for (guint i = 0; i < self->workers->len; i++)
    if (g_queue_get_length (&((Worker *) self->workers->pdata[i])->jobs) == 1)
      return self->workers->pdata[i];
  return NULL;
}

/* Gives the waiting jobs to idle workers, starting interpreters up to the
 * pool's size */
static void
dispatch (ArcProgramPool *self)
{
  while (!g_queue_is_empty (&self->queue))
    {
      g_autoptr(GError) error = NULL;
      Worker *idle = find_worker (self, &error);

      if (idle == NULL && error)
        {
          /* No interpreter can be started: every waiting job fails */
          Job *job;

          while ((job = g_queue_pop_head (&self->queue)))
            {
              g_task_return_new_error (job->task, error->domain, error->code,
                                       _("Could not start %s: %s"), arc_program_python (), error->message);
              job_free (job);
            }
          return;
        }
      if (idle == NULL)
        return;
      worker_start (idle, g_queue_pop_head (&self->queue));
    }
}

/* The pool */

static void
arc_program_pool_dispose (GObject *object)
{
  ArcProgramPool *self = ARC_PROGRAM_POOL (object);

  /* A job holds the pool: none is left */
  g_assert (g_queue_is_empty (&self->queue));
  while (self->workers->len > 0)
    {
      Worker *worker = self->workers->pdata[self->workers->len - 1];

      worker_stop (worker);
    }
  /* Their reads end now that they are cancelled: their workers are freed
   * before the pool */
  while (self->n_alive > 0)
    g_main_context_iteration (self->context, TRUE);
  G_OBJECT_CLASS (arc_program_pool_parent_class)->dispose (object);
}

static void
arc_program_pool_finalize (GObject *object)
{
  ArcProgramPool *self = ARC_PROGRAM_POOL (object);

  g_ptr_array_unref (self->workers);
  g_strfreev (self->python_path);
  g_main_context_unref (self->context);
  G_OBJECT_CLASS (arc_program_pool_parent_class)->finalize (object);
}

static void
arc_program_pool_class_init (ArcProgramPoolClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = arc_program_pool_dispose;
  object_class->finalize = arc_program_pool_finalize;
}

static void
arc_program_pool_init (ArcProgramPool *self)
{
  self->workers = g_ptr_array_new_with_free_func ((GDestroyNotify) worker_unref);
  self->timeout_ms = ARC_PROGRAM_DEFAULT_TIMEOUT_MS;
  self->memory_limit = ARC_PROGRAM_DEFAULT_MEMORY;
  g_queue_init (&self->queue);
  self->context = g_main_context_ref_thread_default ();
}

/**
 * arc_program_pool_new:
 * @n_workers: how many programs may run at once, each in its own python3
 *   process; 0 for one per processor
 *
 * Interpreters start when a program is first run and then stay, each
 * running one task's program after another. The pool ignores SIGPIPE for
 * the whole process (an interpreter may die while it is being written to).
 *
 * Returns: (transfer full): a new pool
 */
ArcProgramPool *
arc_program_pool_new (guint n_workers)
{
  ArcProgramPool *self = g_object_new (ARC_TYPE_PROGRAM_POOL, NULL);

  signal (SIGPIPE, SIG_IGN);
  self->n_workers = n_workers > 0 ? n_workers : MAX (g_get_num_processors (), 1);
  return self;
}

guint
arc_program_pool_get_n_workers (ArcProgramPool *self)
{
  g_return_val_if_fail (ARC_IS_PROGRAM_POOL (self), 0);
  return self->n_workers;
}

/**
 * arc_program_pool_set_timeout:
 * @milliseconds: the longest a program may take on one pair (including
 *   loading it, for the first); 0 for no limit
 */
void
arc_program_pool_set_timeout (ArcProgramPool *self,
                              guint           milliseconds)
{
  g_return_if_fail (ARC_IS_PROGRAM_POOL (self));
  self->timeout_ms = milliseconds;
}

/**
 * arc_program_pool_set_memory_limit:
 * @bytes: the address space of each interpreter (RLIMIT_AS), 0 for none;
 *   for the interpreters started from now on
 */
void
arc_program_pool_set_memory_limit (ArcProgramPool *self,
                                   guint64         bytes)
{
  g_return_if_fail (ARC_IS_PROGRAM_POOL (self));
  self->memory_limit = bytes;
}

/**
 * arc_program_pool_set_python_path:
 * @dirs: (nullable): folders to import from before the usual ones (e.g.
 *   arc-dsl's, for `from dsl import *`); for the interpreters started from
 *   now on (the idle ones are stopped)
 */
void
arc_program_pool_set_python_path (ArcProgramPool     *self,
                                  const char * const *dirs)
{
  g_return_if_fail (ARC_IS_PROGRAM_POOL (self));

  g_strfreev (self->python_path);
  self->python_path = g_strdupv ((char **) dirs);
  for (guint i = self->workers->len; i > 0; i--)
    if (g_queue_is_empty (&((Worker *) self->workers->pdata[i - 1])->jobs))
      worker_stop (self->workers->pdata[i - 1]);
}

static gboolean
cancelled_cb (GCancellable *cancellable,
              gpointer      data)
{
  Job *job = data;
  ArcProgramPool *self = g_task_get_source_object (job->task);
  GTask *task;

  if (job->waiting)
    return G_SOURCE_REMOVE;
  if (job->worker)
    {
      /* Its program is running, or sent: its interpreter is stopped, and
       * the other job sent to it goes back to the queue */
      Worker *worker = job->worker;

      g_queue_remove (&worker->jobs, job);
      requeue_sent_ahead (worker);
      if (!g_queue_is_empty (&worker->jobs))
        {
          Job *other = g_queue_pop_head (&worker->jobs);

          other->worker = NULL;
          g_queue_push_head (&self->queue, other);
        }
      worker_stop (worker);
    }
  else
    g_queue_remove (&self->queue, job);
  task = g_object_ref (job->task);
  job_free (job);
  g_task_return_error_if_cancelled (task);
  g_object_unref (task);
  dispatch (self);
  return G_SOURCE_REMOVE;
}

/* Queues the run of @source on @task's pairs, every one or only pair
 * @only (in the order train, then test), traced or not */
static void
job_start (ArcProgramPool      *self,
           const char          *task_id,
           const char          *source,
           ArcTask             *task,
           int                  only,
           gboolean             trace,
           GCancellable        *cancellable,
           GAsyncReadyCallback  callback,
           gpointer             user_data,
           gpointer             source_tag)
{
  Job *job;
  guint n_train = arc_task_get_n_train (task);
  guint n_test = arc_task_get_n_test (task);

  job = g_new0 (Job, 1);
  job->task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (job->task, source_tag);
  job->source = g_strdup (source);
  job->trace = trace;
  job->inputs = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_grid_free);
  job->expected = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_grid_free);
  job->result = arc_program_result_new (task_id, n_train, n_test);
  job->n_train = n_train;
  for (guint i = n_train + n_test; i > 0; i--)
    if (only >= 0 && (guint) only != i - 1)
      g_ptr_array_remove_index (job->result->pairs, i - 1);
  for (guint i = 0; i < n_train + n_test; i++)
    {
      const ArcPair *pair = i < n_train ? arc_task_get_train (task, i) : arc_task_get_test (task, i - n_train);

      if (only >= 0 && (guint) only != i)
        continue;
      g_ptr_array_add (job->inputs, arc_grid_copy (pair->input));
      g_ptr_array_add (job->expected, pair->output ? arc_grid_copy (pair->output) : NULL);
      if (trace)
        job_pair (job, job->inputs->len - 1)->steps = g_ptr_array_new_with_free_func ((GDestroyNotify) arc_program_step_free);
    }
  if (job->inputs->len == 0)
    {
      job_return (job);
      return;
    }
  if (cancellable)
    {
      job->cancelled = g_cancellable_source_new (cancellable);
      g_source_set_callback (job->cancelled, G_SOURCE_FUNC (cancelled_cb), job, NULL);
      g_source_attach (job->cancelled, g_main_context_get_thread_default ());
    }
  g_queue_push_tail (&self->queue, job);
  dispatch (self);
}

/**
 * arc_program_pool_run_async:
 * @task_id: the task's id, for the entry point solve_ID
 * @source: the program
 * @task: whose inputs to run it on: every train pair, then every test pair
 *
 * Runs @source on every input of @task, in one of the pool's interpreters,
 * when one is free. A program that fails on a pair (raises, returns no
 * grid, runs out of time, ends its interpreter) is reported for that pair;
 * the others are run all the same.
 */
void
arc_program_pool_run_async (ArcProgramPool      *self,
                            const char          *task_id,
                            const char          *source,
                            ArcTask             *task,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_return_if_fail (ARC_IS_PROGRAM_POOL (self));
  g_return_if_fail (task_id != NULL && source != NULL);
  g_return_if_fail (ARC_IS_TASK (task));

  job_start (self, task_id, source, task, -1, FALSE, cancellable, callback, user_data, arc_program_pool_run_async);
}

/**
 * arc_program_pool_trace_async:
 * @pair: the pair to trace, from 0 in the order train then test, or -1 for
 *   every pair
 *
 * Runs @source as arc_program_pool_run_async() does, on one pair of @task
 * or all of them, recording each assignment in the program's own functions
 * while its entry point runs: the function, the line, the name and the
 * value (ArcProgramPair.steps). A pair that fails ends with a step of kind
 * ARC_PROGRAM_VALUE_ERROR; at ARC_PROGRAM_TRACE_MAX_STEPS steps or
 * ARC_PROGRAM_TRACE_MAX_BYTES of values the recording stops with a step of
 * kind ARC_PROGRAM_VALUE_CUT, and the program runs on.
 */
void
arc_program_pool_trace_async (ArcProgramPool      *self,
                              const char          *task_id,
                              const char          *source,
                              ArcTask             *task,
                              int                  pair,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_return_if_fail (ARC_IS_PROGRAM_POOL (self));
  g_return_if_fail (task_id != NULL && source != NULL);
  g_return_if_fail (ARC_IS_TASK (task));
  g_return_if_fail (pair >= -1 && (pair < 0 || (guint) pair < arc_task_get_n_train (task) + arc_task_get_n_test (task)));

  job_start (self, task_id, source, task, pair, TRUE, cancellable, callback, user_data, arc_program_pool_trace_async);
}

/**
 * arc_program_pool_trace_finish:
 * Returns: (transfer full): what the program made of each pair traced,
 *   with its steps; %NULL as arc_program_pool_run_finish()
 */
ArcProgramResult *
arc_program_pool_trace_finish (ArcProgramPool  *self,
                               GAsyncResult    *result,
                               GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * arc_program_pool_run_finish:
 * Returns: (transfer full): what the program made of each pair; %NULL when
 *   cancelled, or when no interpreter could be started (python3 is missing)
 */
ArcProgramResult *
arc_program_pool_run_finish (ArcProgramPool  *self,
                             GAsyncResult    *result,
                             GError         **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/**
 * arc_program_python:
 * Returns: the Python interpreter programs run in: $ARC_STUDIO_PYTHON, or
 *   python3 from the PATH
 */
const char *
arc_program_python (void)
{
  const char *python = g_getenv ("ARC_STUDIO_PYTHON");

  return python && *python ? python : "python3";
}

/**
 * arc_program_script:
 * @name: "arc-program-driver.py" or "arc-program-import.py"
 *
 * Returns: (transfer full): the Python script of the core's resources
 */
GBytes *
arc_program_script (const char *name)
{
  g_autofree char *path = g_strconcat ("/io/github/arcstudio/ArcStudio/core/", name, NULL);

  return g_resource_lookup_data (arc_program_get_resource (), path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
}
