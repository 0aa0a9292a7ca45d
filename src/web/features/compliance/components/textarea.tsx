import type { ComponentProps } from 'react';
import { cn } from '../../../components/ui/cn.ts';
import { controlClasses, useFieldControlProps } from '../../../components/ui/field.tsx';

/**
 * A multi-line text control with the kit's look, for a Field (label, hint and error wiring come
 * from the Field). The console has its own copy: features do not import each other.
 */
export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  const wired = useFieldControlProps(props);
  return <textarea rows={rows} {...wired} className={cn(controlClasses, 'kitv:h-auto kitv:min-h-24 kitv:resize-y kitv:py-2 kitv:leading-normal', className)} />;
}
