import { cloneElement, isValidElement, type ReactNode, type Ref } from "react";

// Radix's Slot merged the same way, in a tenth of its size: the button is on every page (the
// home page's 140 KB budget). The child's props win, except that class names join, styles
// merge, both event handlers run (the child's first) and both refs are set.

type Props = Record<string, unknown> & { children?: ReactNode; ref?: Ref<unknown> };
type Handler = (...args: unknown[]) => unknown;

const isHandler = (name: string) => /^on[A-Z]/.test(name);

function setRefs(...refs: (Ref<unknown> | undefined)[]) {
  return (node: unknown) => {
    for (const ref of refs) {
      if (typeof ref === "function") ref(node);
      else if (ref) ref.current = node;
    }
  };
}

/** Renders its one child element with these props merged into the child's own. */
export function Slot({ children, ref, ...slot }: Props) {
  if (!isValidElement<Props>(children)) return null;
  const own = children.props;
  const merged: Props = { ...slot, ...own };
  for (const name of Object.keys(slot)) {
    const mine = own[name];
    const given = slot[name];
    if (isHandler(name) && typeof mine === "function" && typeof given === "function") {
      merged[name] = (...args: unknown[]) => {
        const result = (mine as Handler)(...args);
        (given as Handler)(...args);
        return result;
      };
    }
  }
  if (slot.className || own.className) {
    merged.className = [slot.className, own.className].filter(Boolean).join(" ");
  }
  if (slot.style || own.style)
    merged.style = { ...(slot.style as object), ...(own.style as object) };
  if (ref || own.ref) merged.ref = ref && own.ref ? setRefs(ref, own.ref) : (ref ?? own.ref);
  return cloneElement(children, merged);
}
