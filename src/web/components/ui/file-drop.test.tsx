import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { acceptsFile, FileDrop, type FileDropProps } from './file-drop.tsx';
import { renderUi } from './test-i18n.tsx';

const png = (name = 'front.png', size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/png' });

function Tile(props: Partial<FileDropProps> & { onSelected?: (f: File) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <FileDrop
      label="Front of your ID"
      hint="JPG or PNG, at most 5 MB"
      accept="image/jpeg,image/png"
      maxBytes={5 * 1024 * 1024}
      file={file}
      onSelect={(f) => {
        setFile(f);
        props.onSelected?.(f);
      }}
      onRemove={() => setFile(null)}
      {...props}
    />
  );
}

describe('FileDrop', () => {
  it('is a labelled file input; choosing a file shows its name, size, Retake and Remove', async () => {
    const user = userEvent.setup();
    const onSelected = vi.fn();
    renderUi(<Tile onSelected={onSelected} capture="environment" />);
    const input = screen.getByLabelText(/Front of your ID/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('capture', 'environment');
    expect(input).toHaveAccessibleDescription('JPG or PNG, at most 5 MB');
    await user.upload(input as HTMLInputElement, png());
    expect(onSelected).toHaveBeenCalledWith(expect.objectContaining({ name: 'front.png' }));
    expect(screen.getByText(/front\.png · 2 kB/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retake' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByText(/front\.png/)).toBeNull();
    expect(screen.getByLabelText(/Front of your ID/)).toHaveAttribute('type', 'file');
  });

  it('refuses a wrong type or a too large file with a translated message', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onSelected = vi.fn();
    const onReject = vi.fn();
    renderUi(<Tile onSelected={onSelected} onReject={onReject} />);
    await user.upload(screen.getByLabelText(/Front of your ID/) as HTMLInputElement, new File(['x'], 'doc.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This file type is not accepted.');
    expect(onReject).toHaveBeenLastCalledWith('type', expect.any(File));
    await user.upload(screen.getByLabelText(/Front of your ID/) as HTMLInputElement, png('big.png', 6_000_000));
    expect(screen.getByRole('alert')).toHaveTextContent('This file is too large. The limit is 5 MB.');
    expect(screen.getByLabelText(/Front of your ID/)).toHaveAttribute('aria-invalid', 'true');
    expect(onReject).toHaveBeenLastCalledWith('size', expect.any(File));
    expect(onSelected).not.toHaveBeenCalled();
  });

  it('shows the latest problem only: wrong type, then too large, each with its own message; a good file clears it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    // Like an upload slot: the server's refusal is a prop, forgotten on a new choice or a refusal here.
    function Slot() {
      const [serverError, setServerError] = useState<string | null>('The server could not read this image.');
      return <Tile error={serverError ?? undefined} onReject={() => setServerError(null)} onSelected={() => setServerError(null)} />;
    }
    renderUi(<Slot />);
    const input = () => screen.getByLabelText(/Front of your ID/) as HTMLInputElement;
    expect(screen.getByRole('alert')).toHaveTextContent('The server could not read this image.');
    await user.upload(input(), new File(['x'], 'doc.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This file type is not accepted.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('could not read');
    await user.upload(input(), png('big.png', 6_000_000));
    expect(screen.getByRole('alert')).toHaveTextContent('This file is too large. The limit is 5 MB.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('type');
    await user.upload(input(), new File(['x'], 'doc.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert')).toHaveTextContent('This file type is not accepted.');
    await user.upload(input(), png('good.png'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/good\.png/)).toBeInTheDocument();
  });

  it('a refusal in the browser replaces an earlier error from the caller (an upload the server refused)', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderUi(<Tile error="This image is too small." />);
    expect(screen.getByRole('alert')).toHaveTextContent('This image is too small.');
    await user.upload(screen.getByLabelText(/Front of your ID/) as HTMLInputElement, png('big.png', 6_000_000));
    expect(screen.getByRole('alert')).toHaveTextContent('This file is too large. The limit is 5 MB.');
  });

  it('accepts a dropped file', () => {
    const onSelected = vi.fn();
    renderUi(<Tile onSelected={onSelected} />);
    const zone = screen.getByLabelText(/Front of your ID/).closest('[class*="border-dashed"]')!;
    const file = png('dropped.png');
    fireEvent.dragOver(zone, { dataTransfer: { files: [file], dropEffect: 'none' } });
    expect(zone).toHaveAttribute('data-dragging', 'true');
    fireEvent.drop(zone, { dataTransfer: { files: [file] } });
    expect(onSelected).toHaveBeenCalledWith(file);
  });

  it('shows upload progress as a progress bar, then "Uploaded"', () => {
    const file = png();
    const { rerender } = renderUi(<FileDrop label="Selfie" file={file} progress={42} onSelect={() => {}} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByRole('button', { name: 'Retake' })).toBeDisabled();
    rerender(<FileDrop label="Selfie" file={file} progress={100} uploaded onSelect={() => {}} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
  });

  it('previews an uploaded image by URL', () => {
    renderUi(<FileDrop label="Selfie" previewUrl="/x-api/doc/1/preview" fileName="selfie.jpg" onSelect={() => {}} />);
    expect(screen.getByRole('img', { name: 'Preview of selfie.jpg' })).toHaveAttribute('src', '/x-api/doc/1/preview');
  });

  it('a stored upload whose preview is still being read keeps the stored state (no drop zone), then shows the preview', () => {
    const { rerender } = renderUi(<FileDrop label="Selfie" stored fileName="selfie.jpg" onSelect={() => {}} onRemove={() => {}} uploaded />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('Uploaded')).toBeInTheDocument();
    expect(screen.getByText(/selfie\.jpg/)).toBeInTheDocument();
    rerender(<FileDrop label="Selfie" stored previewUrl="blob:x/1" fileName="selfie.jpg" onSelect={() => {}} onRemove={() => {}} uploaded />);
    expect(screen.getByRole('img', { name: 'Preview of selfie.jpg' })).toHaveAttribute('src', 'blob:x/1');
  });

  it('acceptsFile() understands MIME types, wildcards and extensions', () => {
    expect(acceptsFile('image/*', { name: 'a.webp', type: 'image/webp' })).toBe(true);
    expect(acceptsFile('image/png, .pdf', { name: 'A.PDF', type: 'application/pdf' })).toBe(true);
    expect(acceptsFile('image/png', { name: 'a.jpg', type: 'image/jpeg' })).toBe(false);
    expect(acceptsFile(undefined, { name: 'a', type: '' })).toBe(true);
  });
});
