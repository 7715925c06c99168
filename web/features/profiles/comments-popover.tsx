import { MessageCircle, Send } from "lucide-react";
import { Popover } from "radix-ui";
import { type FormEvent, useState } from "react";
import { COMMENT_MAX_LENGTH } from "../../../contracts/profiles.ts";
import { Button } from "../../components/ui/button.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { toastApiError } from "../../lib/api-errors.ts";
import { useSession } from "../../lib/auth-client.ts";
import { openAuthDialog } from "../accounts/auth-dialog-store.ts";
import { useAddComment, useComments } from "./api.ts";

export function CommentsPopover({
  itemId,
  creatorId,
  count,
}: {
  itemId: string;
  creatorId: string;
  count: number;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const { data: session } = useSession();
  const comments = useComments(itemId, open);
  const add = useAddComment(itemId, creatorId);
  const blank = text.trim().length === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blank) return;
    add.mutate(text.trim(), {
      onSuccess: () => setText(""),
      onError: (error) => toastApiError(error, "Could not post your comment"),
    });
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="inline-flex items-center gap-1 rounded-lg px-1 py-1 text-sm text-ink-600 hover:bg-ink-100 sm:px-2">
        <MessageCircle className="size-4" aria-hidden />
        {/* The name holds the visible count: "Comments 3". */}
        <span className="sr-only">Comments </span>
        {count}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-label="Comments"
          sideOffset={6}
          className="z-40 w-72 rounded-xl border border-ink-200 bg-white p-3 shadow-xl"
        >
          <p className="mb-2 text-sm font-semibold text-ink-900">Comments</p>
          <div className="max-h-56 space-y-2 overflow-y-auto">
            {comments.isPending ? (
              <Spinner className="size-5" />
            ) : comments.data?.items.length ? (
              comments.data.items.map((c) => (
                <div key={c.id} className="rounded-lg bg-ink-50 px-3 py-2 text-sm">
                  <p className="font-semibold text-ink-900">{c.author}</p>
                  <p className="whitespace-pre-wrap break-words text-ink-700">{c.body}</p>
                </div>
              ))
            ) : (
              <p className="py-2 text-sm text-ink-500">No comments yet</p>
            )}
          </div>
          {session ? (
            <form onSubmit={submit} className="mt-3 flex gap-2">
              <Input
                aria-label="Add a comment"
                placeholder="Add a comment..."
                value={text}
                maxLength={COMMENT_MAX_LENGTH}
                onChange={(e) => setText(e.target.value)}
                className="h-9"
              />
              <Button
                type="submit"
                size="icon"
                className="size-9 shrink-0"
                aria-label="Send comment"
                disabled={blank || add.isPending}
              >
                <Send aria-hidden />
              </Button>
            </form>
          ) : (
            <Button
              variant="outline"
              size="sm"
              className="mt-3 w-full"
              onClick={() => {
                setOpen(false);
                openAuthDialog("signin");
              }}
            >
              Sign in to comment
            </Button>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
